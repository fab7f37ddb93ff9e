import type { IntlShape } from 'react-intl';
import type { Money } from '@contract/api/common';
import { moneyFormat } from '@contract/money';

/**
 * Money, dates and times always in the venue's currency and time zone (the IntlProvider of
 * VenueIntlProvider carries the zone), so a New York show reads in New York time in London.
 */

/** The shop's one money rule (contract/money.ts), in the page's locale. */
export function formatMoney(intl: IntlShape, money: Money): string {
  const { value, options } = moneyFormat(money.amount, money.currency);
  return intl.formatNumber(value, options);
}

function zoned(intl: IntlShape): { timeZone: string | undefined } {
  return { timeZone: intl.timeZone };
}

/** "Fri, 13 March 2026" / "Fri, March 13, 2026". */
export function formatPerformanceDate(intl: IntlShape, instant: string | Date): string {
  return intl.formatDate(instant, {
    ...zoned(intl),
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "19:30" / "7:30 PM", by the locale's clock. */
export function formatPerformanceTime(intl: IntlShape, instant: string | Date): string {
  return intl.formatTime(instant, { ...zoned(intl), hour: 'numeric', minute: '2-digit' });
}

export function formatPerformanceDateTime(intl: IntlShape, instant: string | Date): string {
  return `${formatPerformanceDate(intl, instant)}, ${formatPerformanceTime(intl, instant)}`;
}

/** The venue-local calendar day (YYYY-MM-DD) of an instant, for calendar routes and grouping. */
export function venueCalendarDate(intl: IntlShape, instant: string | Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    ...zoned(intl),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
