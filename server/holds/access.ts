import type { Queryable } from '../db/database';
import { type AccessSeatRow, heldWheelchairSpaces, planAccessSeats } from '../members';
import { ApiError } from '../lib/errors';
import type { PromoBuyer } from '../promo';

/**
 * Access seating (issue 14): wheelchair spaces, companion seats and access-zone seats are held
 * only by a signed-in member of Access, the free membership for disabled customers and their
 * companions. A companion seat goes with a wheelchair space: it is held only beside (same
 * section and row, the next seat number) a wheelchair space in the same request or in a live
 * hold of the same session for the performance, so companion seats are not taken on their own.
 */

export function requireAccessMembership(buyer: PromoBuyer): void {
  if (!buyer.memberships.includes('access')) {
    throw new ApiError(
      403,
      'access_membership_required',
      'Wheelchair spaces, companion and access seats are booked by Access members.',
    );
  }
}

/** Plans kept per process; a plan never changes under its id (a changed plan is a new plan). */
const MAX_PLANS = 64;
const plans = new Map<string, Promise<Map<string, AccessSeatRow>>>();

/**
 * A plan's access seats by id, read once per process: every seat hold asks, and the hold path
 * is kept to its few round trips (docs/decisions.md, hold throughput).
 */
function accessSeatsOf(db: Queryable, planId: string): Promise<Map<string, AccessSeatRow>> {
  let seats = plans.get(planId);
  if (!seats) {
    seats = planAccessSeats(db, planId).then((rows) => new Map(rows.map((row) => [row.id, row])));
    seats.catch(() => plans.delete(planId));
    plans.set(planId, seats);
    for (const oldest of plans.keys()) {
      if (plans.size <= MAX_PLANS) break;
      plans.delete(oldest);
    }
  }
  return seats;
}

const beside = (a: AccessSeatRow, b: AccessSeatRow) =>
  a.section === b.section && a.row === b.row && Math.abs(a.number - b.number) === 1;

/** 403 access_membership_required, or 400 for a companion seat with no wheelchair space beside. */
export async function checkAccessSeats(
  tx: Queryable,
  sessionId: string,
  performance: { id: string; planId: string },
  seatIds: readonly string[],
  buyer: PromoBuyer,
): Promise<void> {
  const access = await accessSeatsOf(tx, performance.planId.toUpperCase());
  const asked = seatIds.flatMap((id) => access.get(id.toUpperCase()) ?? []);
  if (asked.length === 0) return;
  requireAccessMembership(buyer);
  const companions = asked.filter((seat) => seat.companion && !seat.wheelchair);
  if (companions.length === 0) return;
  const spaces = [
    ...asked.filter((seat) => seat.wheelchair),
    ...(await heldWheelchairSpaces(tx, sessionId, performance.id)),
  ];
  if (companions.some((companion) => !spaces.some((space) => beside(space, companion)))) {
    throw new ApiError(
      400,
      'validation_failed',
      'A companion seat is booked beside a wheelchair space you hold.',
      ['body.seats'],
    );
  }
}
