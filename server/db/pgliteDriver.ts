import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ConnectionUse, Database, Queryable, QueryResult } from './database';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/** Embedded PostgreSQL (WASM). One instance per process: each costs about 0.8 GB resident. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, loadDataDir });
  const base = wrap(pg);
  // PGlite has no pool: one connection that runs one call at a time and queues the rest, which
  // is what connections() reports (the calls under way, the first running, the others waiting).
  let calls = 0;
  const counted = async <R>(call: () => Promise<R>): Promise<R> => {
    calls += 1;
    try {
      return await call();
    } finally {
      calls -= 1;
    }
  };
  return {
    driver: 'pglite',
    query: <T>(sql: string, params?: readonly unknown[]) =>
      counted(() => base.query<T>(sql, params)),
    exec: (sql) => counted(() => base.exec(sql)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      counted(() => pg.transaction((tx) => fn(wrap(tx)))),
    connections: (): ConnectionUse => ({
      max: 1,
      open: 1,
      idle: calls === 0 ? 1 : 0,
      waiting: Math.max(0, calls - 1),
    }),
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
