import type { Queryable } from '../../db/database';

/** The SQL of the keys the server makes for itself (migration 0011, `server_keys`). */

/**
 * Writes the key unless an instance already has, then reads the one that stays: two instances
 * starting together both try, ON CONFLICT keeps the first and both read it.
 */
export async function ensureServerKey(
  db: Queryable,
  name: string,
  material: string,
): Promise<string> {
  await db.query(
    'INSERT INTO server_keys (name, material) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, material],
  );
  const { rows } = await db.query<{ material: string }>(
    'SELECT material FROM server_keys WHERE name = $1',
    [name],
  );
  return rows[0]!.material;
}

/** The key called `name`, if an instance has written it. */
export async function findServerKey(db: Queryable, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ material: string }>(
    'SELECT material FROM server_keys WHERE name = $1',
    [name],
  );
  return rows[0]?.material;
}
