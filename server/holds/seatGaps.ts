import { SEAT_FLAGS } from '../../contract/api/holds';
import { strandedSeats, type GapRuleSeat } from '../../contract/seatGaps';
import type { Queryable } from '../db/database';
import { ApiError } from '../lib/errors';
import * as q from './queries';
import type { PlanCache } from './seatMap';

/**
 * The hold route's side of the single-seat rule (contract/seatGaps.ts): the seat page checks a
 * choice before Reserve, and this checks it again on what the database says now, so a stale
 * page or a hand-made request cannot leave a seat on its own either.
 */

/** 422 seat_validation_failed naming the seats the choice would leave alone (nothing is held). */
export class SeatValidationError extends ApiError {
  readonly extra: { seatIds: string[] };
  constructor(seatIds: string[], names: string[]) {
    const list = names.join(', ');
    super(
      422,
      'seat_validation_failed',
      names.length === 1
        ? `These seats would leave ${list} empty on its own: add it to your choice, or move your seats.`
        : `These seats would leave ${list} each empty on its own: add them to your choice, or move your seats.`,
    );
    this.extra = { seatIds };
  }
}

interface Chosen {
  performanceId: string;
  /** The other part of a linked performance: a seat taken in either part is taken. */
  linkedId: string | null;
  showId: string;
  planId: string;
  sessionId: string;
  /** Upper-case ids, as the plan has them. */
  seatIds: readonly string[];
}

/**
 * Refuses a hand-picked choice that strands a seat. Run after the seats were claimed in this
 * transaction: they are then this session's in the inventory (its other holds count as taken),
 * and the refusal rolls the claim back with everything else.
 */
export async function refuseStrandedSeats(
  tx: Queryable,
  plans: PlanCache,
  chosen: Chosen,
): Promise<void> {
  const cached = await plans.get(chosen.planId, tx);
  if (!cached) return;
  const { seats, sections } = cached.plan;
  const index = cached.seatIndex;
  // The rows the choice touches, each as every plan index of its seats.
  const rowKey = (i: number) => `${seats.section[i]}\u0000${seats.row[i]}`;
  const touched = new Set(
    chosen.seatIds.flatMap((id) => {
      const i = index.get(id.toLowerCase());
      return i === undefined ? [] : [rowKey(i)];
    }),
  );
  const rows = new Map<string, number[]>();
  seats.id.forEach((_, i) => {
    const key = rowKey(i);
    if (!touched.has(key)) return;
    const row = rows.get(key);
    if (row) row.push(i);
    else rows.set(key, [i]);
  });
  const inventory = await q.performanceInventory(tx, {
    performanceId: chosen.performanceId,
    linkedId: chosen.linkedId,
    showId: chosen.showId,
    sessionId: chosen.sessionId,
    bands: cached.bandCodes,
    discountPercent: 0,
  });
  const notFree = new Set([...inventory.taken, ...inventory.mine].map((id) => id.toUpperCase()));
  // A band with nothing on sale this performance: nobody will sit there, as with a taken seat
  // (the seat page's isSelectable says the same).
  const onSale = new Set(
    inventory.prices.flatMap(({ band, price }) => (typeof price === 'number' ? [band] : [])),
  );
  const seatOf = (i: number): GapRuleSeat => {
    const id = seats.id[i]!;
    return {
      id,
      number: seats.number[i]!,
      aisles: seats.aisles?.[i] ?? 0,
      free: !notFree.has(id) && onSale.has(cached.bandCodes[seats.band[i]!]!),
      wheelchair: (seats.flags[i]! & SEAT_FLAGS.wheelchair) !== 0,
    };
  };
  const stranded = strandedSeats(
    [...rows.values()].map((row) => row.map(seatOf)),
    new Set(chosen.seatIds),
  );
  if (stranded.length === 0) return;
  const names = stranded.map((seat) => {
    const i = index.get(seat.id.toLowerCase())!;
    const section = sections[seats.section[i]!]?.name ?? '';
    return `${section} row ${seats.row[i]} seat ${seats.number[i]}`;
  });
  throw new SeatValidationError(
    stranded.map((seat) => seat.id),
    names,
  );
}
