import { randomUUID } from 'node:crypto';
import { addDays, dayOfWeek, localDate, zonedToUtc } from '../../lib/zonedTime';
import type { ShowDef } from './shows';

/** How far ahead the seed schedules performances. */
export const SCHEDULE_DAYS = 120;
/** Performances this many days out or later are in a presale for the first PRESALE_DAYS days. */
export const PRESALE_FROM_DAY = 100;
export const PRESALE_DAYS = 30;
const NEAR_TERM_DAYS = 28;

export interface PerformanceDef {
  id: string;
  startsAt: Date;
  /** Share of the capacity already sold, in percent (100 = sold out). */
  soldPercent: number;
  presaleUntil: Date | null;
  notice: string | null;
  admissionSectionMessage: string | null;
  /** Issue 24: Part One or Part Two of a two-part show, and the other part's id; else absent. */
  part?: 1 | 2;
  linkedTo?: string;
}

/**
 * The demo selling pattern, by start order: the third performance is sold out, the sixth and
 * seventh are nearly gone and, over the next four weeks, Saturday's last performance is 60 % sold
 * and Friday's 30 % (sales further out are still to come).
 */
function soldPercentFor(index: number, day: number, weekday: number, lastOfDay: boolean): number {
  if (index === 2) return 100;
  if (index === 5 || index === 6) return 88;
  if (day > NEAR_TERM_DAYS) return 0;
  if (weekday === 6 && lastOfDay) return 60;
  if (weekday === 5) return 30;
  return 0;
}

/**
 * Performances from tomorrow for SCHEDULE_DAYS days, at the show's local wall-clock times in the
 * venue's time zone, converted to UTC day by day so daylight-saving changes land correctly.
 */
export function schedulePerformances(show: ShowDef, timeZone: string, now: Date): PerformanceDef[] {
  const today = localDate(now, timeZone);
  const presaleUntil = zonedToUtc(addDays(today, PRESALE_DAYS), '10:00', timeZone);
  const performances: PerformanceDef[] = [];
  const firstDay = Math.max(1, show.run?.fromDay ?? 1);
  const lastDay = Math.min(SCHEDULE_DAYS, show.run?.untilDay ?? SCHEDULE_DAYS);
  for (let day = firstDay; day <= lastDay; day += 1) {
    const date = addDays(today, day);
    const weekday = dayOfWeek(date);
    const times = show.schedule[weekday as 0] ?? [];
    times.forEach((time, slot) => {
      const index = performances.length;
      performances.push({
        id: randomUUID(),
        startsAt: zonedToUtc(date, time, timeZone),
        soldPercent: soldPercentFor(index, day, weekday, slot === times.length - 1),
        presaleUntil: day >= PRESALE_FROM_DAY ? presaleUntil : null,
        notice: show.notice?.index === index ? show.notice.text : null,
        admissionSectionMessage:
          show.admissionSectionMessage?.index === index ? show.admissionSectionMessage.text : null,
      });
    });
    // A pair counts as one choice in the selling pattern, as on the calendar.
    const choices = performances.filter((p) => p.part !== 2).length;
    performances.push(...pairsOn(show, { date, day, weekday, index: choices }));
  }
  return performances;

  /**
   * The two-part pairs whose Part One plays on `date` (issue 24): both parts share the selling
   * pattern and presale of Part One, so a pair is sold out or in presale as one choice.
   */
  function pairsOn(
    def: ShowDef,
    at: { date: string; day: number; weekday: number; index: number },
  ): PerformanceDef[] {
    const pairs = (def.parts ?? []).filter(
      (pair) => pair.partOne.day === at.weekday && at.day + pair.partTwo.daysLater <= SCHEDULE_DAYS,
    );
    return pairs.flatMap((pair, slot) => {
      const one = randomUUID();
      const two = randomUUID();
      const common = {
        soldPercent: soldPercentFor(at.index + slot, at.day, at.weekday, slot === pairs.length - 1),
        presaleUntil: at.day >= PRESALE_FROM_DAY ? presaleUntil : null,
        notice: null,
        admissionSectionMessage: null,
      };
      const partTwoDate = addDays(at.date, pair.partTwo.daysLater);
      return [
        {
          id: one,
          startsAt: zonedToUtc(at.date, pair.partOne.time, timeZone),
          part: 1 as const,
          linkedTo: two,
          ...common,
        },
        {
          id: two,
          startsAt: zonedToUtc(partTwoDate, pair.partTwo.time, timeZone),
          part: 2 as const,
          linkedTo: one,
          ...common,
        },
      ];
    });
  }
}
