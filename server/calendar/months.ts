import { CALENDAR_YEARS_AHEAD, FIRST_CALENDAR_MONTH } from '../../contract/api/calendarQuery';
import { wallClockAt, zonedToUtc } from '../lib/zonedTime';

/**
 * Calendar months on a venue's clock. A month is `YYYY-MM`; its performances are those starting
 * between local midnight on its 1st and local midnight on the next month's 1st, so a New York
 * show at 20:00 on the 31st (01:00 UTC on the 1st) stays in its own month.
 */

/** The month (YYYY-MM) that `instant` falls in on the clocks of `timeZone`. */
export function monthAt(instant: Date, timeZone: string): string {
  const { year, month } = wallClockAt(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** `month` plus `count` months (negative goes back). */
export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The instants at which `month` starts and ends (exclusive) in `timeZone`. */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedToUtc(`${month}-01`, '00:00', timeZone),
    to: zonedToUtc(`${addMonths(month, 1)}-01`, '00:00', timeZone),
  };
}

/** Local date (YYYY-MM-DD) and time (HH:mm) of `instant` in `timeZone`. */
export function localDateTime(instant: Date, timeZone: string): { date: string; time: string } {
  const wall = wallClockAt(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${wall.year}-${two(wall.month)}-${two(wall.day)}`,
    time: `${two(wall.hour)}:${two(wall.minute)}`,
  };
}

/**
 * A month the calendar answers: from FIRST_CALENDAR_MONTH to December CALENDAR_YEARS_AHEAD years
 * from now. Outside it no show is on sale, and far enough out (year 9999) the month's bounds are
 * no longer dates at all.
 */
export function isCalendarMonth(month: string, now: Date = new Date()): boolean {
  return (
    month >= FIRST_CALENDAR_MONTH && month <= `${now.getUTCFullYear() + CALENDAR_YEARS_AHEAD}-12`
  );
}
