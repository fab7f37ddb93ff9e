import type { OrderView } from '../../contract/api/orders';

type Currency = OrderView['currency'];

/**
 * Money and times in an email, as the shop shows them (src/i18n/format.ts): whole amounts
 * without pence or cents, the performance on the venue's clock whatever the reader's zone.
 */

export function formatMoney(locale: string, amount: number, currency: Currency): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: amount % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}

/** "Sat, 1 August 2026, 19:30" / "Sat, August 1, 2026, 7:30 PM" in `timeZone`. */
export function formatPerformance(locale: string, instant: string, timeZone: string): string {
  const at = new Date(instant);
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  return `${date}, ${time}`;
}
