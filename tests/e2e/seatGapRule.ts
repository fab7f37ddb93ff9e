import type { Page } from 'playwright-core';
import { SEAT_FLAGS, SEAT_STATUS } from '../../contract/api/constants';
import type { SeatStatus, SeatingPlan } from '../../contract/api/holds';
import { strandedSeats, type GapRuleSeat } from '../../contract/seatGaps';
import { baseUrl } from './journey';

/**
 * The demo's sales are scattered at random, so a seat a journey reaches for may be one the
 * single-seat rule refuses (it would leave its neighbour alone). Journeys that pick particular
 * seats at a venue with the rule on ask this first: the rule itself (contract/seatGaps.ts), on
 * the performance's plan and status as the seat page reads them.
 */
export async function singleSeatRule(page: Page, region: string, performanceId: string) {
  // The server the page is on, where it is on one: some files start their own beside the shared one.
  const origin = page.url().startsWith('http') ? new URL(page.url()).origin : baseUrl();
  const api = `${origin}/api/${region}`;
  const status = (await (
    await page.request.get(`${api}/performances/${performanceId}/seats`)
  ).json()) as SeatStatus;
  const plan = (await (
    await page.request.get(`${api}/plans/${status.planId}`)
  ).json()) as SeatingPlan;
  const { seats } = plan;
  const onSale = new Set(
    status.prices.map((price) => plan.bands.findIndex((b) => b.code === price.band)),
  );
  const rows = new Map<string, number[]>();
  seats.id.forEach((_, i) => {
    const key = `${seats.section[i]}/${seats.row[i]}`;
    rows.set(key, [...(rows.get(key) ?? []), i]);
  });
  const seatOf = (i: number): GapRuleSeat => ({
    id: seats.id[i]!,
    number: seats.number[i]!,
    aisles: seats.aisles?.[i] ?? 0,
    free: Number(status.status[i]) !== SEAT_STATUS.unavailable && onSale.has(seats.band[i]!),
    wheelchair: (seats.flags[i]! & SEAT_FLAGS.wheelchair) !== 0,
  });
  const nameOf = (i: number) =>
    `${plan.sections[seats.section[i]!]!.name}, Row ${seats.row[i]}, Seat ${seats.number[i]}`;
  /** Plan indexes of the seats choosing exactly `indexes` would leave on their own. */
  const stranding = (indexes: readonly number[]): number[] => {
    const touched = new Set(indexes.map((i) => `${seats.section[i]}/${seats.row[i]}`));
    const chosen = new Set(indexes.map((i) => seats.id[i]!));
    const rowsTouched = [...touched].map((key) => rows.get(key)!.map(seatOf));
    return strandedSeats(rowsTouched, chosen).map((seat) => seats.id.indexOf(seat.id));
  };
  return {
    /** Whether choosing exactly these plan indexes leaves no seat on its own. */
    allows: (indexes: readonly number[]): boolean => stranding(indexes).length === 0,
    /**
     * The first free seat the rule refuses on its own, with where the list picker finds it and
     * the name of the seat it would strand ("Stalls, Row C, Seat 1").
     */
    refusedAlone(): { section: string; row: string; name: string; strands: string } {
      const i = seats.id.findIndex(
        (_, seat) => seatOf(seat).free && !seatOf(seat).wheelchair && stranding([seat]).length > 0,
      );
      if (i < 0) throw new Error('every free seat may be taken alone');
      return {
        section: plan.sections[seats.section[i]!]!.name,
        row: seats.row[i]!,
        name: nameOf(i),
        strands: nameOf(stranding([i])[0]!),
      };
    },
    /** The plan index of a seat named as the seat page names it ("Stalls, Row T, Seat 5, …"). */
    indexOf(name: string): number {
      return seats.id.findIndex((_, i) => name.startsWith(`${nameOf(i)},`));
    },
  };
}
