import type { Queryable } from '../db/database';
import {
  findPerformanceFacts,
  type PerformanceFacts,
  type PerformanceRow,
} from '../db/queries/holds';

/**
 * How long a performance's catalogue facts are reused. Every hold and seat-map read starts with
 * them, and on an onsale thousands a second ask for the same few performances: read once, they
 * cost nothing (a sixth of the database time of a hold). Nothing in the API edits a performance,
 * so staleness only delays a catalogue edit made behind its back (a notice) by this much; what
 * depends on the clock (started, in presale) is worked out on every read, never cached.
 */
export const PERFORMANCE_FACTS_TTL_MS = 15_000;
/** Bound on the memory: an arena season is a few hundred performances. */
const MAX_PERFORMANCES = 5_000;

interface Entry {
  facts: Promise<PerformanceFacts | undefined>;
  readAt: number;
}

/** The performance as of `now`: started ones are off sale, a presale lasts until its end. */
export function performanceAt(facts: PerformanceFacts, now: number): PerformanceRow {
  return {
    ...facts,
    onSale: facts.startsAt.getTime() > now,
    presale: facts.presaleUntil !== null && facts.presaleUntil.getTime() > now,
  };
}

/** One API instance's reads of performances (created with its routes, like PlanCache). */
export class PerformanceCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = PERFORMANCE_FACTS_TTL_MS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The performance by id (upper-case), undefined when there is none (never cached: ids are guessable). */
  async get(db: Queryable, performanceId: string): Promise<PerformanceRow | undefined> {
    const now = this.clock();
    let entry = this.entries.get(performanceId);
    if (!entry || now - entry.readAt >= this.ttlMs) {
      // Concurrent readers of a performance share one query.
      entry = { facts: findPerformanceFacts(db, performanceId), readAt: now };
      this.remember(performanceId, entry);
    }
    const facts = await entry.facts.catch((error: unknown) => {
      this.forget(performanceId, entry);
      throw error;
    });
    if (!facts) {
      this.forget(performanceId, entry);
      return undefined;
    }
    return performanceAt(facts, this.clock());
  }

  private remember(performanceId: string, entry: Entry): void {
    this.entries.delete(performanceId);
    this.entries.set(performanceId, entry);
    // Oldest read first: evicted first.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= MAX_PERFORMANCES) break;
      this.entries.delete(oldest);
    }
  }

  private forget(performanceId: string, entry: Entry): void {
    if (this.entries.get(performanceId) === entry) this.entries.delete(performanceId);
  }
}
