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

/** The venue's zone: the provider's, or one named (a page outside the venue's provider). */
function zoned(intl: IntlShape, timeZone?: string): { timeZone: string | undefined } {
  return { timeZone: timeZone ?? intl.timeZone };
}

/** "Fri, 13 March 2026" / "Fri, March 13, 2026". */
export function formatPerformanceDate(
  intl: IntlShape,
  instant: string | Date,
  timeZone?: string,
): string {
  return intl.formatDate(instant, {
    ...zoned(intl, timeZone),
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** "19:30" / "7:30 PM", by the locale's clock. */
export function formatPerformanceTime(
  intl: IntlShape,
  instant: string | Date,
  timeZone?: string,
): string {
  return intl.formatTime(instant, { ...zoned(intl, timeZone), hour: 'numeric', minute: '2-digit' });
}

export function formatPerformanceDateTime(
  intl: IntlShape,
  instant: string | Date,
  timeZone?: string,
): string {
  return `${formatPerformanceDate(intl, instant, timeZone)}, ${formatPerformanceTime(intl, instant, timeZone)}`;
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
