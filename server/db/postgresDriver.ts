import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';
import { DatabaseAvailability } from './outage';

type Client = Pick<pg.PoolClient, 'query'>;

/**
 * Parameterised statements are prepared once per connection, under a name given to their text,
 * so PostgreSQL parses and plans the hot ones (the hold path) once rather than on every call.
 * SQL text never carries values (they go in params), so the texts are the code's few hundred;
 * past MAX_PREPARED distinct texts the rest simply run unprepared.
 */
const MAX_PREPARED = 500;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (name === undefined && statementNames.size < MAX_PREPARED) {
    name = `stagedoor_${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return name;
}

function wrap(client: Client, availability: DatabaseAvailability): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await availability.guard(() =>
        params.length > 0
          ? client.query({ name: statementName(sql), text: sql, values: [...params] })
          : client.query(sql),
      );
      return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string): Promise<void> {
      await availability.guard(() => client.query(sql));
    },
  };
}

/**
 * A transaction's client, taking one call at a time: code that reads several things at once
 * (Promise.all) works on the pool and in a transaction alike, and pg never sees a query sent
 * while its client is busy (deprecated in pg 8, an error from pg 9). `settle` waits for every
 * call made so far (before COMMIT); `end` also refuses those not yet sent: when one of several
 * parallel calls fails, the others still queued must not run after ROLLBACK (in autocommit) or
 * after the client went back to the pool.
 */
function serial(
  client: Client,
  availability: DatabaseAvailability,
): {
  tx: Queryable;
  settle(): Promise<void>;
  end(): Promise<void>;
} {
  const inner = wrap(client, availability);
  let tail: Promise<unknown> = Promise.resolve();
  let ended = false;
  const queued = <R>(run: () => Promise<R>): Promise<R> => {
    const guarded = () => (ended ? Promise.reject(new Error('the transaction has ended')) : run());
    const next = tail.then(guarded, guarded);
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    tx: {
      query: (sql, params) => queued(() => inner.query(sql, params)),
      exec: (sql) => queued(() => inner.exec(sql)),
    },
    async settle() {
      await tail;
    },
    async end() {
      ended = true;
      await tail;
    },
  };
}

/** Connections per pool unless told otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * A database host that stops answering (rather than refusing) would otherwise hold every request
 * until the kernel gives up on the socket, minutes later. Also bounds the wait for a free
 * connection, so it is far above any queue a busy pool builds.
 */
export const CONNECT_TIMEOUT_MS = 30_000;

/**
 * A real PostgreSQL server through a connection pool (production, and the concurrency tests).
 * Callers beyond `poolSize` queue for a connection: a few connections per database core serve
 * more than many backends contending for the same cores.
 */
export function openPostgres(connectionString: string, poolSize = DEFAULT_POOL_SIZE): Database {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const availability = new DatabaseAvailability();
  const base = wrap(pool, availability);
  let closed = false;
  return {
    driver: 'postgres',
    availability,
    query: base.query,
    exec: base.exec,
    connections: () => ({
      max: poolSize,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await availability.guard(() => pool.connect());
      const calls = serial(client, availability);
      try {
        await availability.guard(() => client.query('BEGIN'));
        const result = await fn(calls.tx);
        await calls.settle();
        await availability.guard(() => client.query('COMMIT'));
        return result;
      } catch (error) {
        await calls.end();
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await calls.end();
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
