import type { IntlShape } from 'react-intl';

/**
 * A membership's dates are calendar days (YYYY-MM-DD), not instants: read and shown as the same
 * day wherever the buyer is.
 */
export function formatMemberDate(intl: IntlShape, day: string): string {
  return intl.formatDate(`${day}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
}

/** Today as a calendar day, to compare with a membership's end. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
