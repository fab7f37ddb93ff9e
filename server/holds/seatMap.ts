import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import {
  SEAT_STATUS,
  seatingPlanSchema,
  type SeatStatus,
  type SeatingPlan,
} from '../../contract/api/holds';
import type { Queryable } from '../db/database';
import * as q from './queries';
import { notFound } from '../lib/errors';
import { partsOf } from '../lib/performanceParts';
import { sellable, type HoldScope } from './holds';
import { codeForPrices, presaleOf } from './promo';
import { showsFaceValue, type PriceDisplay } from '../lib/priceDisplay';

/**
 * The seat map in two parts. The plan (seats, places, bands, sections) never changes under its
 * id — a changed plan is a new plan with a new id — so it is built once per process, kept
 * serialised and compressed, and cached by browsers and CDNs for a day. The status of one
 * performance (which seats are free, prices, places left) is read fresh on every call.
 */

export type PlanEncoding = 'br' | 'gzip' | 'identity';

/** A plan ready to send: its bytes in each encoding, each with its own strong ETag. */
export interface PlanRepresentation {
  body: Buffer;
  etag: string;
}

interface CachedPlan {
  venueSlug: string;
  plan: SeatingPlan;
  /** Plan position of each seat, by lower-case id (as the database returns it). */
  seatIndex: Map<string, number>;
  bandCodes: string[];
  encoded: Partial<Record<PlanEncoding, PlanRepresentation>>;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Plans kept per region API; a venue has a handful, so this is every plan of busy venues. */
const MAX_PLANS = 64;

async function buildPlan(db: Queryable, planId: string): Promise<CachedPlan | undefined> {
  const rows = await q.planRows(db, planId);
  if (!rows) return undefined;
  const sectionIndex = new Map(rows.sections.map((section, index) => [section.code, index]));
  const bandIndex = new Map(rows.bands.map((band, index) => [band.code, index]));
  const seats = rows.seats;
  // Validated once here, since the route sends the stored bytes rather than the object.
  const plan = seatingPlanSchema.parse({
    id: rows.header.id,
    seating: rows.header.seating,
    sections: rows.sections,
    bands: rows.bands,
    seats: {
      id: seats.map((seat) => seat.id),
      section: seats.map((seat) => sectionIndex.get(seat.section)!),
      row: seats.map((seat) => seat.row),
      number: seats.map((seat) => seat.number),
      x: seats.map((seat) => seat.x),
      y: seats.map((seat) => seat.y),
      band: seats.map((seat) => bandIndex.get(seat.band)!),
      flags: seats.map((seat) => seat.flags),
      // Only a plan that marks aisles sends them (most seats have none either side).
      ...(seats.some((seat) => seat.aisles !== 0)
        ? { aisles: seats.map((seat) => seat.aisles) }
        : {}),
    },
    areas: rows.areas,
    ...(rows.header.stage ? { stage: rows.header.stage } : {}),
  });
  const identity = Buffer.from(JSON.stringify(plan));
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 32);
  const cached: CachedPlan = {
    venueSlug: rows.header.venueSlug,
    plan,
    seatIndex: new Map(seats.map((seat, index) => [seat.id.toLowerCase(), index])),
    bandCodes: rows.bands.map((band) => band.code),
    encoded: {
      identity: { body: identity, etag: `"${hash}"` },
      gzip: { body: await gzipAsync(identity, { level: 9 }), etag: `"${hash}-gz"` },
    },
  };
  // Brotli at its best is a tenth smaller than gzip but takes about 2 s for the arena: it is
  // made off the event loop and offered once ready, so no request waits for it.
  brotliAsync(identity, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  }).then(
    (body) => (cached.encoded.br = { body, etag: `"${hash}-br"` }),
    () => undefined, // gzip is served instead
  );
  return cached;
}

/** Per-process cache of built plans, shared by a region's plan and status routes. */
export class PlanCache {
  private readonly plans = new Map<string, Promise<CachedPlan | undefined>>();

  constructor(private readonly db: Queryable) {}

  /**
   * The plan, built on first use; undefined for an unknown id (not cached: ids are guessable).
   * `planId` is in the stored form (a path id or a performance row's), so one plan has one entry.
   * `via` builds it on a caller's transaction (on PGlite's one connection the pool would wait
   * for that transaction to end).
   */
  async get(planId: string, via: Queryable = this.db): Promise<CachedPlan | undefined> {
    const pending = this.plans.get(planId);
    if (pending) {
      // Most recently used last, so the oldest is evicted first.
      this.plans.delete(planId);
      this.plans.set(planId, pending);
      return pending;
    }
    const building = buildPlan(via, planId);
    this.plans.set(planId, building);
    const forget = () => {
      if (this.plans.get(planId) === building) this.plans.delete(planId);
    };
    building.then((plan) => plan ?? forget(), forget);
    for (const oldest of this.plans.keys()) {
      if (this.plans.size <= MAX_PLANS) break;
      this.plans.delete(oldest);
    }
    return building;
  }
}

/**
 * GET /plans/:planId: the plan in the best encoding the client accepts (`encodings`, best
 * first). 404 for an unknown plan or another region's.
 */
export async function planRepresentation(
  plans: PlanCache,
  scope: HoldScope,
  planId: string,
  encodings: readonly PlanEncoding[],
): Promise<{ encoding: PlanEncoding; representation: PlanRepresentation }> {
  const cached = await plans.get(planId);
  if (!cached || !scope.policyFor(cached.venueSlug)) throw notFound('Seating plan');
  for (const encoding of encodings) {
    const representation = cached.encoded[encoding];
    if (representation) return { encoding, representation };
  }
  return { encoding: 'identity', representation: cached.encoded.identity! };
}

/**
 * GET /performances/:performanceId/seats: the live status of every plan seat, in plan order,
 * for this buyer (their own held seats are '1'), with prices under the code they applied.
 */
export async function seatStatus(
  db: Queryable,
  plans: PlanCache,
  scope: HoldScope & { displayFor(venueSlug: string): PriceDisplay },
  request: { performanceId: string; sessionId: string | null; promoCode?: string },
): Promise<SeatStatus> {
  const { performance, policy } = sellable(
    scope,
    await scope.performances.get(db, request.performanceId),
  );
  const code = await codeForPrices(db, performance, request.promoCode);
  const cached = await plans.get(performance.planId);
  if (!cached) throw notFound('Seating plan');
  const offers = await q.showOffers(db, performance.showId);
  const inventory = await q.performanceInventory(db, {
    performanceId: performance.id,
    linkedId: performance.linkedId,
    showId: performance.showId,
    sessionId: request.sessionId,
    bands: cached.bandCodes,
    discountPercent: code.discountPercent,
  });
  const status = Buffer.alloc(cached.seatIndex.size, `${SEAT_STATUS.available}`, 'latin1');
  const mark = (ids: string[], value: number) => {
    for (const id of ids) {
      const index = cached.seatIndex.get(id);
      if (index !== undefined) status[index] = 0x30 + value;
    }
  };
  mark(inventory.taken, SEAT_STATUS.unavailable);
  mark(inventory.mine, SEAT_STATUS.heldByYou);
  return {
    performanceId: performance.id,
    planId: performance.planId,
    startsAt: performance.startsAt.toISOString(),
    ...partsOf(performance),
    seating: performance.seating,
    currency: performance.currency,
    seatSelectionLimit: policy.seatSelectionLimit,
    status: status.toString('latin1'),
    prices: inventory.prices,
    // Face values only where the venue shows them (shouldShowFaceValue or the breakdown), as the
    // basket does: elsewhere the all-in price is the one price the buyer is told.
    priceOptions: inventory.priceOptions.map(({ faceValue, ...option }) => ({
      ...option,
      faceValue: showsFaceValue(scope.displayFor(performance.venueSlug)) ? faceValue : null,
    })),
    areas: inventory.areas,
    offers,
    presale: await presaleOf(db, performance),
    performanceNotice: performance.notice,
    admissionSectionMessage: performance.admissionSectionMessage,
  };
}
