/**
 * The one data-access layer of the booking API. Both drivers speak the same PostgreSQL dialect,
 * so every query, migration and seed runs unchanged on embedded PGlite and on a real server.
 */

import type { DatabaseAvailability } from './outage';

export interface QueryResult<T> {
  rows: T[];
  /** Rows inserted, updated or deleted (or returned, for a SELECT). */
  rowCount: number;
}

// Function-valued properties rather than methods: they are passed around detached from an object.
export interface Queryable {
  query: <T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ) => Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations). */
  exec: (sql: string) => Promise<void>;
}

/** A moment's picture of the connections (issue 25: the operator's /metrics). */
export interface ConnectionUse {
  /** The most there can be: the pool's size; PGlite's one. */
  max: number;
  /** Open now, busy or idle. */
  open: number;
  /** Open and free for the next call. */
  idle: number;
  /** Calls queued for a connection (PGlite: behind the statement it is running). */
  waiting: number;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  connections(): ConnectionUse;
  /** A server's database can go away under the app (not PGlite's): outages are watched here. */
  readonly availability?: DatabaseAvailability;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Flushes and closes; PGlite must be closed for its files to be consistent on disk. */
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… selects the `pg` driver; unset selects embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway database. */
  dataDir?: string;
  /** Connections in the PostgreSQL pool (default 10); PGlite has one. */
  poolSize?: number;
  /**
   * PGlite: a data directory to start from, as PGlite's `dumpDataDir()` wrote it (the tests'
   * seed-once template, copied into memory far faster than migrating and seeding again).
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgresDriver');
    return openPostgres(options.databaseUrl, options.poolSize);
  }
  const { openPglite } = await import('./pgliteDriver');
  return openPglite(options.dataDir ?? '.data', options.loadDataDir);
}
