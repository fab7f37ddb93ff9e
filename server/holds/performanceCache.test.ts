import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import type { PerformanceFacts } from './queries';
import { PerformanceCache } from './performanceCache';

const START = Date.parse('2026-12-01T19:30:00Z');

const facts = (overrides: Partial<PerformanceFacts> = {}): PerformanceFacts => ({
  id: 'C4D5E6F7-0A1B-4C2D-8E3F-405162738495',
  showId: 'show',
  venueSlug: 'lumen',
  region: 'eu-west',
  currency: 'GBP',
  planId: 'PLAN',
  seating: 'reserved',
  startsAt: new Date(START),
  presaleUntil: new Date(START - 86_400_000),
  notice: null,
  admissionSectionMessage: null,
  part: null,
  linkedId: null,
  linkedStartsAt: null,
  ...overrides,
});

/** A database whose performances table is `rows`, counting the reads that reach it. */
function catalogue(rows: Map<string, PerformanceFacts>) {
  const reads: string[] = [];
  const db: Queryable = {
    query: <T>(_sql: string, params: readonly unknown[] = []) => {
      const id = params[0] as string;
      reads.push(id);
      const row = rows.get(id);
      return Promise.resolve({ rows: (row ? [{ ...row }] : []) as T[], rowCount: row ? 1 : 0 });
    },
    exec: () => Promise.resolve(),
  };
  return { db, reads };
}

describe('PerformanceCache', () => {
  const id = facts().id;

  it('reads a performance once within the TTL, and again after it', async () => {
    let now = START - 3 * 86_400_000;
    const { db, reads } = catalogue(new Map([[id, facts()]]));
    const cache = new PerformanceCache(15_000, () => now);
    await cache.get(db, id);
    now += 14_999;
    await cache.get(db, id);
    expect(reads).toHaveLength(1);
    now += 1;
    await cache.get(db, id);
    expect(reads).toHaveLength(2);
  });

  it('never makes one buyer wait for a read another one started (a stuck connection stays theirs)', async () => {
    const { db } = catalogue(new Map([[id, facts()]]));
    const stuck: Queryable = {
      query: () => new Promise(() => undefined),
      exec: () => Promise.resolve(),
    };
    const cache = new PerformanceCache(15_000, () => START - 86_400_000 * 3);
    void cache.get(stuck, id);
    expect(await cache.get(db, id)).toMatchObject({ id, onSale: true });
  });

  it('works out presale and on-sale from the clock on every read, not from the cached copy', async () => {
    let now = START - 2 * 86_400_000;
    const { db } = catalogue(new Map([[id, facts()]]));
    const cache = new PerformanceCache(60 * 60_000 * 72, () => now);
    expect(await cache.get(db, id)).toMatchObject({ presale: true, onSale: true });
    now = START - 60_000;
    expect(await cache.get(db, id)).toMatchObject({ presale: false, onSale: true });
    now = START;
    expect(await cache.get(db, id)).toMatchObject({ presale: false, onSale: false });
  });

  it('takes a linked Part Two off sale once its Part One has started: the pair is sold as one', async () => {
    const partOne = new Date(START - 6 * 60 * 60_000);
    const partTwo = facts({ part: 2, linkedId: 'PART-ONE', linkedStartsAt: partOne });
    let now = partOne.getTime() - 60_000;
    const cache = new PerformanceCache(15_000, () => now);
    const { db } = catalogue(new Map([[id, partTwo]]));
    expect(await cache.get(db, id)).toMatchObject({ onSale: true });
    now = partOne.getTime();
    expect(await cache.get(db, id)).toMatchObject({ onSale: false });
  });

  it('does not remember an unknown id or a failed read', async () => {
    const { db, reads } = catalogue(new Map());
    const cache = new PerformanceCache(15_000, () => START);
    expect(await cache.get(db, 'NOPE')).toBeUndefined();
    expect(await cache.get(db, 'NOPE')).toBeUndefined();
    expect(reads).toHaveLength(2);

    let fail = true;
    const flaky: Queryable = {
      query: (sql, params) =>
        fail
          ? Promise.reject(new Error('connection lost'))
          : catalogue(new Map([[id, facts()]])).db.query(sql, params),
      exec: () => Promise.resolve(),
    };
    await expect(cache.get(flaky, id)).rejects.toThrow('connection lost');
    fail = false;
    expect(await cache.get(flaky, id)).toMatchObject({ id, presale: false });
  });
});
