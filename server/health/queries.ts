import type { Queryable } from '../db/database';

/** The cheapest statement that proves the database answers (the health check). */
export async function ping(db: Queryable): Promise<void> {
  await db.query('SELECT 1');
}
