/**
 * The month grid as plain data: which day sits in which cell for a week that starts on the
 * venue's `startOfWeek`, and where arrow keys take the focus. Dates are `YYYY-MM-DD` strings on
 * the venue's clock, so no time zone is ever involved here.
 */

const DAY_MS = 86_400_000;

function utcDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addMonths(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function addDays(date: string, days: number): string {
  return isoDay(utcDay(date) + days * DAY_MS);
}

/** Day of week of a date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(utcDay(date)).getUTCDay();
}

/** The seven weekdays (0 = Sunday) in column order. */
export function weekdayColumns(startOfWeek: number): number[] {
  return Array.from({ length: 7 }, (_, column) => (startOfWeek + column) % 7);
}

/** Column of a date in a week that starts on `startOfWeek`. */
export function columnOf(date: string, startOfWeek: number): number {
  return (weekdayOf(date) - startOfWeek + 7) % 7;
}

/** Weeks of the month, each seven cells: a date of the month, or null before the 1st and after the last. */
export function monthWeeks(month: string, startOfWeek: number): (string | null)[][] {
  const first = `${month}-01`;
  const days = new Date(utcDay(`${addMonths(month, 1)}-01`) - DAY_MS).getUTCDate();
  const cells: (string | null)[] = Array<string | null>(columnOf(first, startOfWeek)).fill(null);
  for (let day = 0; day < days; day += 1) cells.push(addDays(first, day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

/** Array.prototype.findLastIndex is too new for some browsers the shop supports (Safari < 15.4). */
function lastIndexWhere(dates: readonly string[], test: (date: string) => boolean): number {
  for (let index = dates.length - 1; index >= 0; index -= 1) if (test(dates[index]!)) return index;
  return -1;
}

/** Keys the grid answers (WAI-ARIA grid pattern, adapted: the focusable items are performances). */
export type GridKey =
  'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'CtrlHome' | 'CtrlEnd';

/**
 * Where focus goes from item `index` of `dates` (each performance's date, in time order):
 * right/left to the next/previous performance; down/up to the first performance at least a
 * week later / the last at least a week earlier; Home/End to the first/last of the same week;
 * Ctrl+Home/End to the first/last of the month. Null when there is nowhere to go.
 */
export function moveFocus(
  dates: readonly string[],
  index: number,
  key: GridKey,
  startOfWeek: number,
): number | null {
  const date = dates[index];
  if (date === undefined) return null;
  const weekStart = addDays(date, -columnOf(date, startOfWeek));
  const weekEnd = addDays(weekStart, 6);
  const found = (candidate: number) => (candidate >= 0 ? candidate : null);
  switch (key) {
    case 'ArrowRight':
      return index + 1 < dates.length ? index + 1 : null;
    case 'ArrowLeft':
      return index > 0 ? index - 1 : null;
    case 'ArrowDown': {
      const target = addDays(date, 7);
      return found(dates.findIndex((candidate) => candidate >= target));
    }
    case 'ArrowUp': {
      const target = addDays(date, -7);
      return found(lastIndexWhere(dates, (candidate) => candidate <= target));
    }
    case 'Home':
      return found(dates.findIndex((candidate) => candidate >= weekStart));
    case 'End':
      return found(lastIndexWhere(dates, (candidate) => candidate <= weekEnd));
    case 'CtrlHome':
      return dates.length > 0 ? 0 : null;
    case 'CtrlEnd':
      return dates.length > 0 ? dates.length - 1 : null;
  }
}
