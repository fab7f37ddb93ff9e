import {
  HOLD_EXTENSION_MINUTES,
  HOLD_MAX_EXTENSIONS,
  type BestAvailableBody,
  type CreateHoldBody,
  type Hold,
} from '../../contract/api/holds';
import { normaliseId } from '../../contract/api/common';
import type { Database, Queryable } from '../db/database';
import * as q from './queries';
import { ApiError, notFound } from '../lib/errors';
import { newId } from '../lib/ids';
import { chooseBestAvailable } from './bestAvailable';
import { codeForHold, type AppliedCode } from './promo';
import { checkAccessSeats, requireAccessMembership } from './access';
import { GUEST, type PromoBuyer } from '../promo';
import type { PerformanceCache } from './performanceCache';
import {
  IN_FLIGHT_TIMEOUT_S,
  errorResponse,
  idempotentStatement,
  purgeIdempotencyKeys,
  type IdempotentRequest,
  type StoredResponse,
} from '../http/idempotency';
import type { PlanCache } from './seatMap';
import { refuseStrandedSeats } from './seatGaps';

/** Venue settings a hold obeys (venues/<slug>/venue.json). */
export interface HoldPolicy {
  holdMinutes: number;
  seatSelectionLimit: number;
  /** Live seats and admissions all sessions of one client address may hold on a performance. */
  clientHoldLimit?: number;
  /** The single-seat rule on hand-picked seats (venue flag preventSingleSeatGaps; issue 24). */
  preventSingleSeatGaps?: boolean;
}

/** One regional API's view: its region, the policy of each of its venues, its performance reads. */
export interface HoldScope {
  region: string;
  policyFor(venueSlug: string): HoldPolicy | undefined;
  performances: PerformanceCache;
}

/** 409 seats_unavailable, naming the seats that were taken (nothing was held). */
export class SeatsUnavailableError extends ApiError {
  readonly extra: { seatIds: string[] };
  constructor(seatIds: string[]) {
    super(409, 'seats_unavailable', 'These seats are no longer available.');
    this.extra = { seatIds: [...seatIds].sort() };
  }
}

const unknownSeat = () =>
  new ApiError(400, 'validation_failed', 'A seat is not in this venue.', ['body.seats']);
const holdExpired = () => new ApiError(410, 'hold_expired', 'This hold has expired.');
const invalid = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', message, [field]);
const limitExceeded = (limit: number) =>
  new ApiError(
    422,
    'seat_limit_exceeded',
    `No more than ${limit} tickets can be held for one performance.`,
  );
const clientLimitExceeded = () =>
  new ApiError(
    422,
    'client_hold_limit',
    'Too many tickets for this performance are already held from this connection.',
  );
const refusal = (refused: q.HoldRefusal, policy: HoldPolicy) =>
  refused === 'client' ? clientLimitExceeded() : limitExceeded(policy.seatSelectionLimit);

/** How many times best-available re-chooses when an explicit hold took a seat it picked. */
const CHOICE_ATTEMPTS = 5;

interface Sellable {
  performance: q.PerformanceRow;
  policy: HoldPolicy;
}

/** A performance this region sells now; anything else is 404 to this caller. */
export function sellable(scope: HoldScope, performance: q.PerformanceRow | undefined): Sellable {
  const policy = performance && scope.policyFor(performance.venueSlug);
  // Another region's performance, or one already started, is not on sale here.
  if (!performance || !policy || performance.region !== scope.region || !performance.onSale) {
    throw notFound('Performance');
  }
  return { performance, policy };
}

/**
 * What every new hold checks first: the performance (404 unless this region sells it) and the
 * code the buyer sent (403 presale_required, 422 promo_*). The selection limit and the client's
 * cap are checked by the database as the hold is written (q.holdSeats, q.insertHold), under the
 * buyer's session lock.
 */
async function openHold(
  tx: Queryable,
  scope: HoldScope,
  request: { performanceId: string; promoCode?: string },
  buyer: PromoBuyer,
): Promise<Sellable & { code: AppliedCode }> {
  const row = await scope.performances.get(tx, normaliseId(request.performanceId));
  const { performance, policy } = sellable(scope, row);
  const code = await codeForHold(tx, performance, request.promoCode, buyer);
  return { performance, policy, code };
}

/** What the buyer sees of a hold; `seats` (a new hold's) saves reading them back. */
async function holdView(tx: Queryable, row: q.HoldRow, seats?: q.ClaimedSeat[]): Promise<Hold> {
  const held = seats ?? (row.seatCount > 0 ? await q.heldSeats(tx, row) : []);
  const admissions = row.admissionCount > 0 ? await q.heldAdmissions(tx, row) : [];
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    performanceId: row.performanceId,
    expiresAt: row.expiresAt.toISOString(),
    extensionsLeft: Math.max(0, HOLD_MAX_EXTENSIONS - row.extensions),
    seats: held.map((seat) => ({
      id: seat.id,
      section: seat.section,
      row: seat.row,
      number: seat.number,
      priceBand: seat.priceBand,
      price: money(seat.amount),
    })),
    admissions: admissions.map((admission) => ({
      area: admission.area,
      priceOption: admission.priceOption,
      quantity: admission.quantity,
      price: money(admission.amount),
    })),
  };
}

/** The caller's hold by id; another buyer's or region's does not exist for them (404). */
export async function ownHold(
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

/** The view row of a hold just made, known without reading it back. */
function newHoldRow(
  id: string,
  opened: Sellable & { code: AppliedCode },
  expiresAt: Date,
  counts: { seats: number; admissions: number },
): q.HoldRow {
  return {
    id,
    performanceId: opened.performance.id,
    showId: opened.performance.showId,
    region: opened.performance.region,
    venueSlug: opened.performance.venueSlug,
    currency: opened.performance.currency,
    expiresAt,
    extensions: 0,
    seatCount: counts.seats,
    admissionCount: counts.admissions,
    live: true,
    promoCode: opened.code.code,
    discountPercent: opened.code.discountPercent,
  };
}

/** What every new hold writes, seats or admissions: who, how long, and the limits it meets. */
function newHold(
  id: string,
  sessionId: string,
  { performance, policy, code }: Sellable & { code: AppliedCode },
): q.NewHold {
  return {
    id,
    sessionId,
    performanceId: performance.id,
    holdMinutes: policy.holdMinutes,
    limit: policy.seatSelectionLimit,
    clientLimit: policy.clientHoldLimit ?? 0,
    promoCode: code.code,
  };
}

/** A claim either held every seat, or names the ones it could not (its hold must be undone). */
type Claim = { hold: Hold } | { holdId: string; taken: string[] };

/**
 * Inserts the hold and claims `seatIds` in one statement; 422 over the selection limit (nothing
 * written). When a seat was not free, the seats it did claim and the hold stay written until the
 * caller rolls back (or undoes them to choose again).
 */
async function claimNewHold(
  tx: Queryable,
  sessionId: string,
  opened: Sellable & { code: AppliedCode },
  seatIds: readonly string[],
): Promise<Claim> {
  const { performance, policy, code } = opened;
  const id = newId();
  const result = await q.holdSeats(tx, {
    ...newHold(id, sessionId, opened),
    showId: performance.showId,
    planId: performance.planId,
    seatIds,
    discountPercent: code.discountPercent,
  });
  if (!result.expiresAt) throw refusal(result.refused ?? 'session', policy);
  if (result.seats.length !== seatIds.length) {
    const claimed = new Set(result.seats.map((seat) => seat.id));
    return { holdId: id, taken: seatIds.filter((seatId) => !claimed.has(seatId)) };
  }
  const row = newHoldRow(id, opened, result.expiresAt, { seats: seatIds.length, admissions: 0 });
  return { hold: await holdView(tx, row, result.seats) };
}

/** The single-seat rule (issue 24) for the seats chosen, where the venue keeps it: 422 if broken. */
async function keepSingleSeatRule(
  tx: Queryable,
  plans: PlanCache,
  { performance, policy }: Sellable,
  sessionId: string,
  seatIds: string[],
): Promise<void> {
  if (!policy.preventSingleSeatGaps) return;
  const { id, linkedId, showId, planId } = performance;
  await refuseStrandedSeats(tx, plans, {
    performanceId: id,
    linkedId,
    showId,
    planId,
    sessionId,
    seatIds,
  });
}

/**
 * Holds exactly these seats, or none of them (409 naming the ones taken). `buyer` is the
 * session's account as benefits see it (members' presales, access seats; a guest by default).
 * With the venue's plans (the hold route passes them), a choice that leaves a single seat on its
 * own is refused as well (422 seat_validation_failed naming it) where the venue keeps the rule.
 */
export async function createSeatHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: { performanceId: string; seats: string[]; promoCode?: string },
  buyer: PromoBuyer = GUEST,
  plans?: PlanCache,
): Promise<Hold> {
  const seatIds = request.seats.map(normaliseId);
  if (new Set(seatIds).size !== seatIds.length) {
    throw invalid('body.seats', 'A seat is listed twice.');
  }
  const opened = await openHold(tx, scope, request, buyer);
  if (opened.performance.seating !== 'reserved') {
    throw invalid('body.seats', 'This performance has no reserved seats.');
  }
  await checkAccessSeats(tx, sessionId, opened.performance, seatIds, buyer);
  const claim = await claimNewHold(tx, sessionId, opened, seatIds);
  if ('hold' in claim) {
    if (plans) await keepSingleSeatRule(tx, plans, opened, sessionId, seatIds);
    return claim.hold;
  }
  // Thrown inside the transaction: the seats this call did claim are rolled back with it.
  return refuseShortClaim(tx, opened.performance.planId, seatIds, claim.taken);
}

/** A claim that came up short: 400 for a seat of another venue, else 409 naming those taken. */
async function refuseShortClaim(
  db: Queryable,
  planId: string,
  seatIds: readonly string[],
  taken: string[],
): Promise<never> {
  // Only a failed claim pays for telling a seat of another venue from a taken one.
  const known = await q.seatsOfPlan(db, planId, seatIds);
  if (known.size !== seatIds.length) throw unknownSeat();
  throw new SeatsUnavailableError(taken);
}

/** The bodies hold_seats_once answers a refusal with (db/functions/holds.sql), per venue policy. */
type StatementRefusals = q.SeatHoldOnce['refusals'];
const refusalsOfPolicy = new WeakMap<HoldPolicy, StatementRefusals>();

/**
 * The refusals the statement answers itself, as createSeatHold would throw them (issue 26: a lost
 * hold in one round trip too; it adds the seats not won to `unavailable`'s seatIds). Kept per
 * policy: building four errors, each with its stack, for every hold was 3 % of the server's CPU.
 */
function statementRefusals(policy: HoldPolicy): StatementRefusals {
  let refusals = refusalsOfPolicy.get(policy);
  if (!refusals) {
    // The seatIds the statement adds are the seats it did not win.
    const unavailable = errorResponse(new SeatsUnavailableError([])).body as Record<
      string,
      unknown
    >;
    delete unavailable.seatIds;
    refusals = {
      session: errorResponse(refusal('session', policy)).body,
      client: errorResponse(refusal('client', policy)).body,
      unknownSeat: errorResponse(unknownSeat()).body,
      unavailable,
    };
    refusalsOfPolicy.set(policy, refusals);
  }
  return refusals;
}

/**
 * createSeatHold with its Idempotency-Key in one statement (issue 26, hold_seats_once): the
 * key's claim, the caps, the seats and the stored answer take one round trip and one commit.
 * The checks before it (the performance, the code, access seats, the single-seat rule) only
 * read, as they do in createSeatHold's transaction, where each statement reads what is committed
 * as it runs too. The single-seat rule gives the same answer before the claim as after it (the
 * chosen seats count as free either way; contract/seatGaps.ts). Undefined, nothing done, when a
 * check refuses the hold: createSeatHold then makes that refusal, in its order of checks, and
 * stores it under the key (or replays the key's answer) as ever. With `tokenHash` (a session
 * from the guest-session cache, server/http/buyerSession.ts) the statement first checks the
 * session is still that token's live guest session; undefined, nothing done, when it is not.
 */
export async function createSeatHoldOnce(
  db: Database,
  scope: HoldScope,
  key: IdempotentRequest,
  request: { performanceId: string; seats: string[]; promoCode?: string },
  buyer: PromoBuyer,
  plans: PlanCache,
  tokenHash?: string,
): Promise<StoredResponse | undefined> {
  const seatIds = request.seats.map(normaliseId);
  if (new Set(seatIds).size !== seatIds.length) return undefined;
  let opened: Sellable & { code: AppliedCode };
  try {
    opened = await openHold(db, scope, request, buyer);
    if (opened.performance.seating !== 'reserved') return undefined;
    await checkAccessSeats(db, key.sessionId, opened.performance, seatIds, buyer);
    await keepSingleSeatRule(db, plans, opened, key.sessionId, seatIds);
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
  const { performance, policy, code } = opened;
  const id = newId();
  const refusals = statementRefusals(policy);
  // holdView's hold, but for the deadline and seats hold_seats_once fills in.
  const view: Omit<Hold, 'expiresAt' | 'seats'> = {
    id,
    performanceId: performance.id,
    extensionsLeft: HOLD_MAX_EXTENSIONS,
    admissions: [],
  };
  return idempotentStatement<StoredResponse>(
    db,
    key,
    async () => {
      const result = await q.holdSeatsOnce(db, {
        ...newHold(id, key.sessionId, opened),
        showId: performance.showId,
        planId: performance.planId,
        seatIds,
        discountPercent: code.discountPercent,
        currency: performance.currency,
        key: { key: key.key, hash: key.hash, inFlightSeconds: IN_FLIGHT_TIMEOUT_S },
        view,
        refusals,
        tokenHash,
      });
      if (result.outcome === 'stale') return { declined: true };
      return result.outcome === 'taken' ? { taken: result.key } : { claimed: result.answer };
    },
    // Made, refused or short, the statement stored the answer under the key with what it did.
    (answer) => Promise.resolve(answer),
  );
}

type AdmissionRequest = Extract<CreateHoldBody, { admissions: unknown }>;

/**
 * The items of an admission request with each price option filled in (the area's first when
 * absent); 400 for an area or option the performance does not sell, or one listed twice.
 */
function admissionItems(
  asked: AdmissionRequest['admissions'],
  sold: { areas: string[]; options: q.AdmissionOption[] },
): { area: string; priceOption: string; quantity: number }[] {
  const areas = new Set(sold.areas);
  const items = asked.map((admission) => {
    if (!areas.has(admission.area)) {
      throw invalid('body.admissions', 'An area is not in this venue.');
    }
    const options = sold.options.filter((option) => option.area === admission.area);
    const option =
      admission.priceOption === undefined
        ? options[0]
        : options.find((candidate) => candidate.code === admission.priceOption);
    if (!option) {
      throw invalid('body.admissions', 'A price option is not sold in this area.');
    }
    return { area: admission.area, priceOption: option.code, quantity: admission.quantity };
  });
  if (new Set(items.map((item) => `${item.area}/${item.priceOption}`)).size !== items.length) {
    throw invalid('body.admissions', 'An area and price option are listed twice.');
  }
  return items;
}

/** Holds N admissions of each area and price option asked for, or none. */
export async function createAdmissionHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: AdmissionRequest,
  buyer: PromoBuyer = GUEST,
): Promise<Hold> {
  const opened = await openHold(tx, scope, request, buyer);
  const { performance, policy } = opened;
  if (performance.seating === 'reserved') {
    throw invalid('body.admissions', 'This performance has reserved seats.');
  }
  const items = admissionItems(request.admissions, await q.admissionOptions(tx, performance.id));
  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  // Expired holds give their places back first, so a sold-out area can open up again.
  await q.returnExpiredAdmissions(tx, { performanceId: performance.id });

  const id = newId();
  const written = await q.insertHold(tx, {
    ...newHold(id, sessionId, opened),
    admissionCount: total,
  });
  if ('refused' in written) throw refusal(written.refused, policy);
  const { expiresAt } = written;
  // One capacity update per area, in a fixed order, so two buyers taking the same two areas
  // lock them in the same order.
  const perArea = new Map<string, number>();
  for (const item of items) perArea.set(item.area, (perArea.get(item.area) ?? 0) + item.quantity);
  for (const area of [...perArea.keys()].sort()) {
    const quantity = perArea.get(area)!;
    if (!(await q.takeCapacity(tx, { performanceId: performance.id, area, quantity }))) {
      throw new ApiError(409, 'admissions_unavailable', 'Not enough places are left.', [
        `admissions.${area}`,
      ]);
    }
  }
  await q.insertHoldAdmissions(tx, id, performance.id, items);
  return holdView(tx, newHoldRow(id, opened, expiresAt, { seats: 0, admissions: total }));
}

/** Chooses and holds the best N seats together; 409 when no row has N together. */
export async function createBestAvailableHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  request: BestAvailableBody,
  buyer: PromoBuyer = GUEST,
): Promise<Hold> {
  const opened = await openHold(tx, scope, request, buyer);
  const { performance } = opened;
  if (performance.seating !== 'reserved') {
    throw invalid('body.performanceId', 'This performance has no reserved seats.');
  }
  if (request.accessible) requireAccessMembership(buyer);
  // One chooser at a time per performance: two parties never pick the same block. Explicit
  // holds do not wait for it; if one takes a chosen seat first, the claim comes up short and
  // the choice is made again.
  const parts = [performance.id, ...(performance.linkedId ? [performance.linkedId] : [])].sort();
  await q.lockPerformanceChoice(tx, parts[0]!);
  for (let attempt = 0; attempt < CHOICE_ATTEMPTS; attempt += 1) {
    const candidates = await q.candidateSeats(tx, {
      performanceIds: parts,
      planId: performance.planId,
      priceBand: request.priceBand,
      section: request.section,
      accessible: request.accessible ?? false,
    });
    const chosen = chooseBestAvailable(candidates, request.quantity);
    if (!chosen) break;
    if (request.accessible) await checkAccessSeats(tx, sessionId, performance, chosen, buyer);
    const claim = await claimNewHold(tx, sessionId, opened, chosen);
    if ('hold' in claim) return claim.hold;
    await q.releaseHoldSeats(tx, claim.holdId);
    await q.deleteHold(tx, claim.holdId);
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
  const row = await ownHold(db, scope, sessionId, holdId, false);
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

/**
 * Gives everything back (buyer left or emptied the basket); the hold is then gone (404). A pay
 * attempt still under way (the buyer at a 3-D Secure step) fails with it, as superseded: the
 * buyer who lets the seats go must not be charged for them. Returns those attempts' order ids;
 * the caller voids their payments once this transaction has committed (orders.releaseAttempts).
 */
export async function releaseHold(
  tx: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
): Promise<string[]> {
  await ownHold(tx, scope, sessionId, holdId, true);
  // A sold hold's seats and places belong to its order now: nothing may give them back. (Extend
  // and basket changes are refused already: the sale ended the hold's deadline.)
  if ((await q.lockHold(tx, holdId))?.soldAt) {
    throw new ApiError(410, 'hold_expired', 'This hold was bought and can no longer be released.');
  }
  // Under the hold's lock, which a sale takes first too: either the sale came first (410 above)
  // or its attempt is failed now and can sell nothing.
  const stopped = await q.supersedePending(tx, holdId);
  await q.returnHoldAdmissions(tx, holdId);
  await q.releaseHoldSeats(tx, holdId);
  await q.deleteHold(tx, holdId);
  return stopped;
}

/**
 * Gives back every hold of a signing-out session that is not sold, as releaseHold does for one:
 * a pay attempt under way fails as superseded (never charged for seats let go). Returns those
 * attempts' order ids for the caller to void after its transaction commits. Here, not in
 * members' sign-out, because holds already asks members who the buyer is (issue 23).
 */
export async function releaseSessionHolds(tx: Queryable, sessionId: string): Promise<string[]> {
  const stopped: string[] = [];
  for (const holdId of await q.holdIdsOfSession(tx, sessionId)) {
    if ((await q.lockHold(tx, holdId))?.soldAt) continue;
    stopped.push(...(await q.supersedePending(tx, holdId)));
    await q.returnHoldAdmissions(tx, holdId);
    await q.releaseHoldSeats(tx, holdId);
    await q.deleteHold(tx, holdId);
  }
  return stopped;
}

/**
 * The periodic sweep (any instance may run it): gives back the admissions of a region's expired
 * holds, and purges idempotency keys no session can replay any more.
 */
export async function sweepExpiredHolds(db: Queryable, region?: string): Promise<number> {
  const returned = await q.returnExpiredAdmissions(db, { region });
  await purgeIdempotencyKeys(db);
  return returned;
}
