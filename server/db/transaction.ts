import type { Database, Queryable } from './database';

/** Deadlock and serialisation failures: PostgreSQL rolled the transaction back; it may be rerun. */
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 4;

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

/** A transaction rerun (from scratch) when PostgreSQL aborts it for a deadlock. */
export async function inTransaction<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}
