import { addDays, dayOfWeek, zonedToUtc } from '../../lib/zonedTime';
import { weekdayIndex, type DateRef, type ShowFile } from './schema';

/** Days of the demo's selling pattern that count as near term (soldPercentFor). */
const NEAR_TERM_DAYS = 28;

export interface PerformanceDef {
  startsAt: Date;
  /** Share of the capacity the demo pattern sells as it is added, in percent (100 = sold out). */
  soldPercent: number;
  presaleUntil: Date | null;
  notice: string | null;
  admissionSectionMessage: string | null;
  /** Issue 24: Part One or Part Two of a two-part show, and the other part's index in the list. */
  part?: 1 | 2;
  other?: number;
}

export interface ScheduleDays {
  /** The venue-local day the catalogue was first loaded: `+N` dates count from it. */
  anchor: string;
  /** The venue-local today: rolling rules run `onSaleDays` past it. */
  today: string;
  onSaleDays: number;
  timeZone: string;
}

export const resolveDate = (ref: DateRef, anchor: string): string =>
  /^[+-]/.test(ref) ? addDays(anchor, Number(ref)) : ref;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The demo selling pattern, by start order: the third performance is sold out, the sixth and
 * seventh are nearly gone and, over the four weeks after the first load, Saturday's last
 * performance is 60 % sold and Friday's 30 % (sales further out are still to come).
 */
function soldPercentFor(index: number, day: number, weekday: number, lastOfDay: boolean): number {
  if (index === 2) return 100;
  if (index === 5 || index === 6) return 88;
  if (day > NEAR_TERM_DAYS) return 0;
  if (weekday === 6 && lastOfDay) return 60;
  if (weekday === 5) return 30;
  return 0;
}

interface Window {
  from: string;
  until: string;
  except: Set<string>;
}

/**
 * Every performance a show file schedules, in start order, at its local wall-clock times in the
 * venue's time zone (converted day by day, so daylight-saving changes land correctly): weekly
 * rules and dated performances, then the two-part pairs. Past ones are included; the sync leaves
 * those alone. A pair counts as one choice in the start order, as on the calendar.
 */
export function expandSchedule(show: ShowFile, days: ScheduleDays): PerformanceDef[] {
  const { anchor, timeZone } = days;
  const rolling = addDays(days.today, days.onSaleDays);
  const firstDay = addDays(anchor, 1);
  const windowOf = (rule: { from?: DateRef; until?: DateRef; except: DateRef[] }): Window => ({
    from: rule.from ? resolveDate(rule.from, anchor) : firstDay,
    until: rule.until ? resolveDate(rule.until, anchor) : rolling,
    except: new Set(rule.except.map((ref) => resolveDate(ref, anchor))),
  });
  const inWindow = (date: string, window: Window) =>
    date >= window.from && date <= window.until && !window.except.has(date);
  const weekly = show.schedule.weekly.map((rule) => ({
    days: new Set(rule.days.map(weekdayIndex)),
    times: rule.times,
    window: windowOf(rule),
  }));
  const dated = show.schedule.dates.map((entry) => ({
    date: resolveDate(entry.date, anchor),
    time: entry.time,
  }));
  const pairs = show.schedule.parts.map((pair) => ({ ...pair, window: windowOf(pair) }));
  const presales = show.presales.map((presale) => ({
    from: resolveDate(presale.from, anchor),
    until: zonedToUtc(resolveDate(presale.until, anchor), presale.time, timeZone),
  }));
  const presaleFor = (date: string) =>
    presales.find((presale) => date >= presale.from)?.until ?? null;

  const allDates = [
    firstDay,
    rolling,
    ...dated.map((d) => d.date),
    ...weekly.flatMap((rule) => [rule.window.from, rule.window.until]),
    ...pairs.flatMap((pair) => [pair.window.from, pair.window.until]),
  ].sort();
  const performances: PerformanceDef[] = [];
  for (let date = allDates[0]!; date <= allDates.at(-1)!; date = addDays(date, 1)) {
    const weekday = dayOfWeek(date);
    const day = daysBetween(anchor, date);
    const times = [
      ...new Set([
        ...weekly
          .filter((rule) => rule.days.has(weekday) && inWindow(date, rule.window))
          .flatMap((rule) => rule.times),
        ...dated.filter((d) => d.date === date).map((d) => d.time),
      ]),
    ].sort();
    times.forEach((time, slot) => {
      const index = performances.filter((p) => p.part !== 2).length;
      performances.push({
        startsAt: zonedToUtc(date, time, timeZone),
        soldPercent: soldPercentFor(index, day, weekday, slot === times.length - 1),
        presaleUntil: presaleFor(date),
        notice: null,
        admissionSectionMessage: null,
      });
    });
    const today = pairs.filter(
      (pair) =>
        weekdayIndex(pair.partOne.day) === weekday &&
        inWindow(date, pair.window) &&
        addDays(date, pair.partTwo.daysLater) <= pair.window.until,
    );
    const index = performances.filter((p) => p.part !== 2).length;
    today.forEach((pair, slot) => {
      // Both parts share Part One's selling pattern and presale: a pair is sold as one choice.
      const common = {
        soldPercent: soldPercentFor(index + slot, day, weekday, slot === today.length - 1),
        presaleUntil: presaleFor(date),
        notice: null,
        admissionSectionMessage: null,
      };
      const one = performances.length;
      performances.push(
        {
          ...common,
          startsAt: zonedToUtc(date, pair.partOne.time, timeZone),
          part: 1,
          other: one + 1,
        },
        {
          ...common,
          startsAt: zonedToUtc(addDays(date, pair.partTwo.daysLater), pair.partTwo.time, timeZone),
          part: 2,
          other: one,
        },
      );
    });
  }
  const singles = performances.filter((p) => p.part === undefined);
  const find = (ref: ShowFile['notices'][number]['performance']) =>
    'nth' in ref
      ? singles[ref.nth - 1]
      : singles.find(
          (p) =>
            p.startsAt.getTime() ===
            zonedToUtc(resolveDate(ref.date, anchor), ref.time, timeZone).getTime(),
        );
  for (const notice of show.notices) {
    const performance = find(notice.performance);
    if (performance) performance.notice = notice.text;
  }
  for (const message of show.admissionMessages) {
    const performance = find(message.performance);
    if (performance) performance.admissionSectionMessage = message.text;
  }
  return performances;
}
