import type { Database, Queryable } from './database';

/** Deadlock and serialisation failures: PostgreSQL rolled the transaction back; it may be rerun. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/**
 * Runs `fn` again (from scratch) when PostgreSQL aborted what it ran for a deadlock or a
 * serialisation failure: a whole transaction, or one statement that is its own transaction.
 */
export async function rerunOnAbort<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

/** A transaction rerun (from scratch) when PostgreSQL aborts it for a deadlock. */
export function inTransaction<T>(db: Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return rerunOnAbort(() => db.transaction(fn));
}
