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

/**
 * PostgreSQL's own page cache inside PGlite's WASM memory, which PGlite fills in full as it
 * starts: its default of 128 MB was a third of an idle server's memory (issue 26). The data
 * files stay in the operating system's cache behind it (PGlite reads them as files), so a page
 * this cache lacks costs a read, not a disk seek; the demo catalogue is under 40 MB.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Embedded PostgreSQL (WASM): one instance per process, for every region it serves. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    dataDir,
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
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
