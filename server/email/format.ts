import { moneyFormat, type Currency } from '../../contract/money';

/**
 * Money and times in an email, as the shop shows them: the shop's one money rule
 * (contract/money.ts), the performance on the venue's clock whatever the reader's zone.
 */

export function formatMoney(locale: string, amount: number, currency: Currency): string {
  const { value, options } = moneyFormat(amount, currency);
  return new Intl.NumberFormat(locale, options).format(value);
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
