import type { Queryable } from '../db/database';
import { findPerformanceFacts, type PerformanceFacts, type PerformanceRow } from './queries';

/**
 * How long a performance's catalogue facts are reused. Every hold and seat-map read starts with
 * them, and on an onsale thousands a second ask for the same few performances: read once, they
 * cost nothing (a sixth of the database time of a hold). Nothing in the API edits a performance,
 * so staleness only delays, by this much per API instance, a catalogue edit made behind its back
 * (a rescheduled start, a moved presale end, a notice); what depends on the clock (started, in
 * presale) is worked out on every read from the API host's clock, never cached.
 */
export const PERFORMANCE_FACTS_TTL_MS = 15_000;
/** Bound on the memory: an arena season is a few hundred performances. */
const MAX_PERFORMANCES = 5_000;

interface Entry {
  facts: PerformanceFacts;
  readAt: number;
}

/**
 * The performance as of `now`: started ones are off sale, a presale lasts until its end. A
 * linked pair is sold as one, so it is off sale once either part has started.
 */
export function performanceAt(facts: PerformanceFacts, now: number): PerformanceRow {
  const linkedAhead =
    facts.linkedStartsAt === null || new Date(facts.linkedStartsAt).getTime() > now;
  return {
    ...facts,
    onSale: facts.startsAt.getTime() > now && linkedAhead,
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

  /**
   * The performance by id (upper-case), undefined when there is none (never cached: ids are
   * guessable). A miss reads on the caller's own connection and is not shared while in flight:
   * a caller inside a transaction must never wait for a read queued behind that transaction
   * (PGlite's one connection) or behind a pool its own transaction is holding up. Never call it
   * in a transaction that has changed the performance: what it read would be cached uncommitted.
   */
  async get(db: Queryable, performanceId: string): Promise<PerformanceRow | undefined> {
    const cached = this.entries.get(performanceId);
    if (cached && this.clock() - cached.readAt < this.ttlMs) {
      return performanceAt(cached.facts, this.clock());
    }
    const readAt = this.clock();
    const facts = await findPerformanceFacts(db, performanceId);
    if (!facts) return undefined;
    // A slower read that began earlier must not replace a newer one.
    const newest = this.entries.get(performanceId);
    if (!newest || newest.readAt <= readAt) this.remember(performanceId, { facts, readAt });
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
}
