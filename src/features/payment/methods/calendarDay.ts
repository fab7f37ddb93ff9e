import type { IntlShape } from 'react-intl';

// Beside src/i18n/format.ts rather than in it: that module ships with the first route, and only
// the payment step shows a day without a time.
/**
 * A calendar day the server gives as `YYYY-MM-DD` (a voucher's last day): "31 December 2027" /
 * "December 31, 2027". Read as that day itself, never as an instant shifted into a time zone.
 */
export function formatCalendarDay(intl: IntlShape, day: string): string {
  return intl.formatDate(`${day}T00:00:00Z`, {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}
