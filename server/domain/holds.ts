import { randomUUID } from 'node:crypto';
import {
  HOLD_EXTENSION_MINUTES,
  HOLD_MAX_EXTENSIONS,
  type BestAvailableBody,
  type Hold,
  type SeatMap,
} from '../../contract/api/holds';
import type { Queryable } from '../db/database';
import * as q from '../db/queries/holds';
import { ApiError, notFound } from '../http/errors';
import { chooseBestAvailable } from './holdsBestAvailable';

/** Venue settings a hold obeys (venues/<slug>/venue.json). */
export interface HoldPolicy {
  holdMinutes: number;
  seatSelectionLimit: number;
}

/** One regional API's view: its region, and the policy of each of its venues. */
export interface HoldScope {
  region: string;
  policyFor(venueSlug: string): HoldPolicy | undefined;
}

/** 409 seats_unavailable, naming the seats that were taken (nothing was held). */
export class SeatsUnavailableError extends ApiError {
  readonly extra: { seatIds: string[] };
  constructor(seatIds: string[]) {
    super(409, 'seats_unavailable', 'These seats are no longer available.');
    this.extra = { seatIds: [...seatIds].sort() };
  }
}

const holdExpired = () => new ApiError(410, 'hold_expired', 'This hold has expired.');
const invalid = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', message, [field]);

/** How many times best-available re-chooses when an explicit hold took a seat it picked. */
const CHOICE_ATTEMPTS = 5;

async function performanceFor(
  tx: Queryable,
  scope: HoldScope,
  performanceId: string,
  sessionId: string | null,
): Promise<{ performance: q.PerformanceRow; policy: HoldPolicy }> {
  const performance = await q.findPerformance(tx, performanceId, sessionId);
  const policy = performance && scope.policyFor(performance.venueSlug);
  // Another region's performance, or one already started, is not on sale here.
  if (!performance || !policy || performance.region !== scope.region || !performance.onSale) {
    throw notFound('Performance');
  }
  return { performance, policy };
}

/** The venue's selection limit counts what the buyer already holds on the performance. */
function checkLimit(performance: q.PerformanceRow, adding: number, limit: number): void {
  if (performance.sessionHeld + adding > limit) {
    throw new ApiError(
      422,
      'seat_limit_exceeded',
      `No more than ${limit} tickets can be held for one performance.`,
    );
  }
}

/** What the buyer sees of a hold; `claimed` (a new hold's seats) saves reading them back. */
async function holdView(
  tx: Queryable,
  row: q.HoldRow,
  claimed?: { seats: q.ClaimedSeat[]; performance: q.PerformanceRow },
): Promise<Hold> {
  const seats = claimed
    ? claimed.seats.map((seat) => ({
        ...seat,
        currency: claimed.performance.currency,
      }))
    : row.seatCount > 0
      ? await q.heldSeats(tx, row.id, row.performanceId)
      : [];
  return {
    id: row.id,
    performanceId: row.performanceId,
    expiresAt: row.expiresAt.toISOString(),
    extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - row.extensions),
    seats: seats.map((seat) => ({
      id: seat.id,
      section: seat.section,
      row: seat.row,
      number: seat.number,
      priceBand: seat.priceBand,
      price: { amount: seat.amount, currency: seat.currency },
    })),
    admissions: row.admissionCount > 0 ? await q.heldAdmissions(tx, row.id) : [],
  };
}

async function ownHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
  lock: boolean,
): Promise<q.HoldRow> {
  const row = await q.findHold(tx, holdId, sessionId, lock);
  // Another buyer's hold, or another region's, does not exist for this caller.
  if (!row || row.region !== scope.region) throw notFound('Hold');
  return row;
}

/** A new hold of the session; its view row is known without reading it back. */
async function newHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  performance: q.PerformanceRow,
  policy: HoldPolicy,
  counts: { seats: number; admissions: number },
): Promise<q.HoldRow> {
  const id = randomUUID().toUpperCase();
  const expiresAt = await q.insertHold(tx, {
    id,
    sessionId,
    performanceId: performance.id,
    holdMinutes: policy.holdMinutes,
    seatCount: counts.seats,
    admissionCount: counts.admissions,
  });
  return {
    id,
    performanceId: performance.id,
    region: scope.region,
    venueSlug: performance.venueSlug,
    expiresAt,
    extensions: 0,
    seatCount: counts.seats,
    admissionCount: counts.admissions,
    live: true,
  };
}

/** Holds exactly these seats, or none of them (409 naming the ones taken). */
export async function createSeatHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: { performanceId: string; seats: string[] },
): Promise<Hold> {
  const { performance, policy } = await performanceFor(tx, scope, request.performanceId, sessionId);
  if (performance.seating !== 'reserved') {
    throw invalid('body.seats', 'This performance has no reserved seats.');
  }
  const seatIds = request.seats.map((id) => id.toUpperCase());
  if (new Set(seatIds).size !== seatIds.length) {
    throw invalid('body.seats', 'A seat is listed twice.');
  }
  checkLimit(performance, seatIds.length, policy.seatSelectionLimit);
  const hold = await newHold(tx, scope, sessionId, performance, policy, {
    seats: seatIds.length,
    admissions: 0,
  });
  const seats = await q.claimSeats(tx, {
    holdId: hold.id,
    performanceId: performance.id,
    showId: performance.showId,
    planId: performance.planId,
    seatIds,
  });
  if (seats.length !== seatIds.length) {
    const claimed = new Set(seats.map((seat) => seat.id));
    // Only a failed claim pays for telling a seat of another venue from a taken one.
    const known = await q.seatsOfPlan(tx, performance.planId, seatIds);
    if (known.size !== seatIds.length) throw invalid('body.seats', 'A seat is not in this venue.');
    // Thrown inside the transaction: the seats this call did claim are rolled back with it.
    throw new SeatsUnavailableError(seatIds.filter((id) => !claimed.has(id)));
  }
  return holdView(tx, hold, { seats, performance });
}

/** Holds N admissions of each area asked for, or none. */
export async function createAdmissionHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: { performanceId: string; admissions: { area: string; quantity: number }[] },
): Promise<Hold> {
  const { performance, policy } = await performanceFor(tx, scope, request.performanceId, sessionId);
  if (performance.seating === 'reserved') {
    throw invalid('body.admissions', 'This performance has reserved seats.');
  }
  const areas = new Set(await q.areasOfPerformance(tx, performance.id));
  const asked = [...request.admissions].sort((a, b) => a.area.localeCompare(b.area));
  if (new Set(asked.map((a) => a.area)).size !== asked.length) {
    throw invalid('body.admissions', 'An area is listed twice.');
  }
  if (asked.some((a) => !areas.has(a.area))) {
    throw invalid('body.admissions', 'An area is not in this venue.');
  }
  const total = asked.reduce((sum, a) => sum + a.quantity, 0);
  checkLimit(performance, total, policy.seatSelectionLimit);
  // Expired holds give their places back first, so a sold-out area can open up again.
  await q.returnExpiredAdmissions(tx, { performanceId: performance.id });

  const hold = await newHold(tx, scope, sessionId, performance, policy, {
    seats: 0,
    admissions: total,
  });
  // Areas in a fixed order, so two buyers taking the same two areas lock them in the same order.
  for (const admission of asked) {
    const taken = await q.takeAdmissions(tx, {
      holdId: hold.id,
      performanceId: performance.id,
      area: admission.area,
      quantity: admission.quantity,
    });
    if (!taken) {
      throw new ApiError(409, 'admissions_unavailable', 'Not enough places are left.', [
        `admissions.${admission.area}`,
      ]);
    }
  }
  return holdView(tx, hold);
}

/** Chooses and holds the best N seats together; 409 when no row has N together. */
export async function createBestAvailableHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: BestAvailableBody,
): Promise<Hold> {
  const { performance, policy } = await performanceFor(tx, scope, request.performanceId, sessionId);
  if (performance.seating !== 'reserved') {
    throw invalid('body.performanceId', 'This performance has no reserved seats.');
  }
  checkLimit(performance, request.quantity, policy.seatSelectionLimit);
  // One chooser at a time per performance: two parties never pick the same block. Explicit
  // holds do not wait for it; if one takes a chosen seat first, the claim comes up short and
  // the choice is made again.
  await q.lockPerformanceChoice(tx, performance.id);
  const hold = await newHold(tx, scope, sessionId, performance, policy, {
    seats: request.quantity,
    admissions: 0,
  });
  for (let attempt = 0; attempt < CHOICE_ATTEMPTS; attempt += 1) {
    const candidates = await q.candidateSeats(tx, {
      performanceId: performance.id,
      planId: performance.planId,
      priceBand: request.priceBand,
      section: request.section,
      accessible: request.accessible ?? false,
    });
    const chosen = chooseBestAvailable(candidates, request.quantity);
    if (!chosen) break;
    const claimed = await q.claimSeats(tx, {
      holdId: hold.id,
      performanceId: performance.id,
      showId: performance.showId,
      planId: performance.planId,
      seatIds: chosen,
    });
    if (claimed.length === chosen.length) {
      return holdView(tx, hold, { seats: claimed, performance });
    }
    await q.releaseHoldSeats(tx, hold.id);
  }
  throw new SeatsUnavailableError([]);
}

/**
 * The buyer's hold; 410 once its deadline has passed (checked on every read). Runs outside a
 * transaction on purpose: the admissions an expired hold gives back must stay given back
 * although the call then fails.
 */
export async function readHold(
  db: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
): Promise<Hold> {
  const row = await ownHold(db, scope, sessionId, holdId.toUpperCase(), false);
  if (!row.live) {
    if (row.admissionCount > 0) {
      await q.returnExpiredAdmissions(db, { performanceId: row.performanceId });
    }
    throw holdExpired();
  }
  return holdView(db, row);
}

/** Adds HOLD_EXTENSION_MINUTES to the deadline, at most HOLD_MAX_EXTENSIONS times. */
export async function extendHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
): Promise<Hold> {
  const row = await ownHold(tx, scope, sessionId, holdId, true);
  if (!row.live) throw holdExpired();
  if (row.extensions >= HOLD_MAX_EXTENSIONS) {
    throw new ApiError(422, 'hold_extension_limit', 'This hold cannot be extended again.');
  }
  const after = await q.extendHoldRows(tx, holdId, HOLD_EXTENSION_MINUTES);
  // A seat taken over or admissions swept between the deadline and this call: the hold is gone.
  if (after.seats !== row.seatCount || after.admissions !== row.admissionCount) {
    throw holdExpired();
  }
  return holdView(tx, { ...row, expiresAt: after.expiresAt, extensions: row.extensions + 1 });
}

/** Gives everything back (buyer left or emptied the basket); the hold is then gone (404). */
export async function releaseHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
): Promise<void> {
  await ownHold(tx, scope, sessionId, holdId, true);
  await q.returnHoldAdmissions(tx, holdId);
  await q.releaseHoldSeats(tx, holdId);
  await q.deleteHold(tx, holdId);
}

/** The seat map of a performance: every seat with its status for this buyer. */
export async function seatMap(
  db: Queryable,
  scope: HoldScope,
  sessionId: string | null,
  performanceId: string,
): Promise<SeatMap> {
  const { performance, policy } = await performanceFor(db, scope, performanceId, sessionId);
  const reserved = performance.seating === 'reserved';
  const [sections, bands, rows, areas] = await Promise.all([
    reserved ? q.planSections(db, performance.planId) : Promise.resolve([]),
    q.bandPrices(db, performance.id),
    reserved
      ? q.seatMapRows(db, performance.id, performance.planId, sessionId)
      : Promise.resolve([]),
    reserved ? Promise.resolve([]) : q.admissionAreas(db, performance.id),
  ]);
  const sectionIndex = new Map(sections.map((section, index) => [section.code, index]));
  const bandIndex = new Map(bands.map((band, index) => [band.code, index]));
  return {
    performanceId: performance.id,
    seating: performance.seating,
    currency: performance.currency,
    seatSelectionLimit: policy.seatSelectionLimit,
    sections,
    bands,
    seats: {
      id: rows.map((r) => r.id),
      section: rows.map((r) => sectionIndex.get(r.section) ?? -1),
      row: rows.map((r) => r.row),
      number: rows.map((r) => r.number),
      x: rows.map((r) => r.x),
      y: rows.map((r) => r.y),
      band: rows.map((r) => bandIndex.get(r.band) ?? -1),
      flags: rows.map((r) => r.flags),
      status: rows.map((r) => r.status),
    },
    areas,
  };
}

/** The periodic sweep: gives back admissions of a region's expired holds (any instance may run it). */
export async function sweepExpiredHolds(db: Queryable, region?: string): Promise<number> {
  return q.returnExpiredAdmissions(db, { region });
}
