import type { QueueSaleSummary, QueueTicket } from '../../contract/api/queue';
import type { QueueSaleSettings } from '../../contract/venue';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database, Queryable } from '../db/database';
import * as q from './queries';
import { ApiError, notFound } from '../lib/errors';
import { JoinBatcher } from './joins';
import { QueuePasses } from './pass';
import type { OnsaleQueueSettings } from './settings';
import { ServerKeys } from '../lib/serverKeys';

/**
 * The onsale queues of one regional booking API (issue 16). The state is in PostgreSQL
 * (migration 0030), so every process on the database shares one queue per sale; this object
 * keeps only the configuration, the sales' openings it last read and the pass key.
 */

/** A metering step never makes up for more than this (every process was down meanwhile). */
const MAX_CATCH_UP_SECONDS = 10;

export interface QueuedSale {
  saleId: string;
  venueSlug: string;
  name: string;
  settings: QueueSaleSettings;
  /** The show ids the scope names (resolved from its slugs once, at start). */
  showIds: ReadonlySet<string>;
  performanceIds: ReadonlySet<string>;
  /** The whole venue: the scope names neither shows nor performances. */
  wholeVenue: boolean;
  opensAt: Date;
  /** This process's joins of the sale, written in batches. */
  joins: JoinBatcher;
}

/** What the pass check needs of the performance a hold is for. */
export interface CoveredPerformance {
  id: string;
  showId: string;
  venueSlug: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export class OnsaleQueue {
  private readonly keys: ServerKeys;
  private passKey: Promise<QueuePasses> | undefined;

  private constructor(
    private readonly db: Database,
    private readonly sales: ReadonlyMap<string, QueuedSale>,
  ) {
    this.keys = new ServerKeys(db);
  }

  /** The pass signer, its key read (or made) on first use and kept; a failed read is retried. */
  passes(): Promise<QueuePasses> {
    if (!this.passKey) {
      const loading = QueuePasses.load(this.keys);
      loading.catch(() => {
        if (this.passKey === loading) this.passKey = undefined;
      });
      this.passKey = loading;
    }
    return this.passKey;
  }

  /**
   * Writes this region's sales to the database (the first process decides a relative opening).
   * Off (ONSALE_QUEUES unset), or for a venue whose queue is not active,
   * no sale is queued.
   */
  static async open(
    db: Database,
    venues: readonly VenueBundle[],
    settings: OnsaleQueueSettings,
  ): Promise<OnsaleQueue> {
    const sales = new Map<string, QueuedSale>();
    if (settings.enabled) {
      for (const { settings: venue } of venues) {
        if (venue.queue.sales.length === 0 || !(await q.venueQueueActive(db, venue.slug))) continue;
        for (const sale of venue.queue.sales) {
          const configured = typeof sale.opensAt === 'string' ? new Date(sale.opensAt) : null;
          const override = settings.openInSeconds;
          const row = await q.ensureSale(db, {
            saleId: sale.saleId,
            venueSlug: venue.slug,
            opensAt: override === null ? configured : null,
            openInSeconds:
              override ??
              (typeof sale.opensAt === 'string' ? null : sale.opensAt.minutesAfterStart * 60),
          });
          const showIds = sale.scope.showSlugs
            ? await q.showIdsOf(db, venue.slug, sale.scope.showSlugs)
            : [];
          if (sales.has(sale.saleId)) {
            throw new Error(`queue sale ${sale.saleId} is configured by two venues`);
          }
          sales.set(sale.saleId, {
            saleId: sale.saleId,
            venueSlug: venue.slug,
            name: sale.name ?? venue.queue.defaultQueueName,
            settings: sale,
            showIds: new Set(showIds),
            performanceIds: new Set(sale.scope.performanceIds ?? []),
            wholeVenue: !sale.scope.showSlugs && !sale.scope.performanceIds,
            opensAt: row.opensAt,
            joins: new JoinBatcher(db, sale.saleId),
          });
        }
      }
    }
    return new OnsaleQueue(db, sales);
  }

  get queuesAnything(): boolean {
    return this.sales.size > 0;
  }

  /**
   * Each sale's standing for the operator's metrics (issue 25): who waits (before the draw, the
   * whole pre-queue) and how many it has let through. Sale ids are the venues' configured ones,
   * a handful, so they make a bounded label.
   */
  async standing(): Promise<{ saleId: string; waiting: number; letThrough: number }[]> {
    if (this.sales.size === 0) return [];
    const rows = await q.readSales(this.db, [...this.sales.keys()]);
    return rows.map((sale) => ({
      saleId: sale.saleId,
      waiting: sale.drawn ? sale.lastPlace - sale.admittedThrough : sale.entries,
      letThrough: sale.admittedThrough,
    }));
  }

  /** The venue's queued sales, as GET /venues/:venueSlug/queue lists them. */
  salesOf(venueSlug: string): QueueSaleSummary[] {
    return [...this.sales.values()]
      .filter((sale) => sale.venueSlug === venueSlug)
      .map((sale) => ({
        saleId: sale.saleId,
        name: sale.name,
        opensAt: sale.opensAt.toISOString(),
        scope: sale.settings.scope,
      }));
  }

  /** The queued sale a performance belongs to, if any: in memory, for the hold route. */
  saleFor(performance: CoveredPerformance): QueuedSale | undefined {
    for (const sale of this.sales.values()) {
      if (sale.venueSlug !== performance.venueSlug) continue;
      if (
        sale.wholeVenue ||
        sale.showIds.has(performance.showId) ||
        sale.performanceIds.has(performance.id)
      ) {
        return sale;
      }
    }
    return undefined;
  }

  private sale(saleId: string): QueuedSale {
    const sale = this.sales.get(saleId);
    if (!sale) throw notFound('Queue');
    return sale;
  }

  /** The session's live place, or undefined (none yet, or its pass has expired: spent). */
  async livePlace(saleId: string, sessionId: string): Promise<QueueTicket | undefined> {
    const sale = this.sale(saleId);
    const entry = await q.readEntry(this.db, saleId, sessionId);
    if (!entry || spent(entry)) return undefined;
    return this.ticket(sale, sessionId, entry);
  }

  /**
   * One place per session: joining again returns the same place (reloads, other tabs); a spent
   * place (its pass expired) is replaced by a new one at the back.
   */
  async join(saleId: string, sessionId: string): Promise<QueueTicket> {
    const sale = this.sale(saleId);
    const entry = await sale.joins.join(sessionId);
    if (!entry) throw new Error(`the place of session ${sessionId} was not written`);
    return this.ticket(sale, sessionId, entry);
  }

  async position(saleId: string, sessionId: string): Promise<QueueTicket> {
    const sale = this.sale(saleId);
    const entry = await q.readEntry(this.db, saleId, sessionId);
    if (!entry) throw new ApiError(404, 'not_found', 'This session has no place in this queue.');
    return this.ticket(sale, sessionId, entry);
  }

  private async ticket(
    sale: QueuedSale,
    sessionId: string,
    entry: q.EntryRow,
  ): Promise<QueueTicket> {
    const rate = sale.settings.outflowPerMinute;
    const base = {
      saleId: sale.saleId,
      opensAt: entry.opensAt.toISOString(),
      total: entry.entries,
      outflowPerMinute: rate,
      pass: null,
      passExpiresAt: null,
    };
    if (!entry.drawn || entry.place === null) {
      const secondsToOpen = (entry.opensAt.getTime() - entry.now.getTime()) / 1000;
      return {
        ...base,
        phase: 'preQueue',
        place: null,
        ahead: null,
        estimatedWaitSeconds: null,
        // Often enough to see the draw within a second or two of the opening.
        pollAfterSeconds: clamp(Math.ceil(secondsToOpen / 2), 1, 30),
      };
    }
    if (entry.place > entry.admittedThrough) {
      const ahead = entry.place - entry.admittedThrough - 1;
      const wait = Math.ceil(((ahead + 1) * 60) / rate);
      return {
        ...base,
        phase: 'waiting',
        place: entry.place,
        ahead,
        estimatedWaitSeconds: wait,
        // A tenth of the wait: a far place asks rarely, the next ones every second or two.
        pollAfterSeconds: clamp(Math.ceil(wait / 10), 1, 30),
      };
    }
    const expiresAt =
      entry.passExpiresAt ??
      (await q.collectPass(this.db, sale.saleId, sessionId, sale.settings.passMinutes));
    return {
      ...base,
      phase: 'admitted',
      place: entry.place,
      ahead: 0,
      estimatedWaitSeconds: 0,
      pollAfterSeconds: 30,
      pass: (await this.passes()).sign(sale.saleId, sessionId, expiresAt),
      passExpiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * Offers each sale's metering step (meterSale: claimed by one process at a time with SKIP
   * LOCKED) and keeps the opening it read, which only a start with an instant in the config or
   * QUEUE_OPENS_IN_SECONDS changes, and only before the draw.
   */
  async meter(): Promise<void> {
    for (const sale of this.sales.values()) {
      const result = await this.db.transaction((tx: Queryable) =>
        q.meterSale(tx, sale.saleId, {
          outflowPerMinute: sale.settings.outflowPerMinute,
          maxChoosing: sale.settings.maxChoosing ?? null,
          maxCatchUpSeconds: MAX_CATCH_UP_SECONDS,
        }),
      );
      if (result.kind !== 'busy') sale.opensAt = result.sale.opensAt;
    }
  }
}

/** A place whose pass has expired: the buyer queues again at the back. */
function spent(entry: q.EntryRow): boolean {
  return entry.passExpiresAt !== null && entry.passExpiresAt.getTime() <= entry.now.getTime();
}
