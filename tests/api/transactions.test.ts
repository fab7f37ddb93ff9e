import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openTestDatabase } from './testDatabase';

// Pricing a basket reads several things at once inside a transaction; these are the rules that
// makes safe, on both drivers.
describe('a transaction doing several things at once', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('CREATE TABLE written (n integer NOT NULL)');
  });
  afterAll(() => db.close());

  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM written')).rows[0]!.n;

  it('answers every call', async () => {
    const answers = await db.transaction((tx) =>
      Promise.all([1, 2, 3, 4, 5].map((n) => tx.query<{ n: number }>('SELECT $1::int AS n', [n]))),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes nothing when one call fails, not even the writes queued behind it', async () => {
    const failing = db.transaction((tx) =>
      Promise.all([
        tx.query('SELECT 1 / $1::int', [0]),
        ...[1, 2, 3, 4].map((n) => tx.query('INSERT INTO written VALUES ($1)', [n])),
      ]),
    );
    await expect(failing).rejects.toThrow(/division by zero/);
    // Whatever was left over has had its chance to reach the connection by now.
    await Promise.all([1, 2, 3].map(() => db.query('SELECT 1')));
    expect(await count()).toBe(0);
  });

  it('commits what it did once every call has answered', async () => {
    await db.transaction((tx) =>
      Promise.all([5, 6].map((n) => tx.query('INSERT INTO written VALUES ($1)', [n]))),
    );
    expect(await count()).toBe(2);
  });
});
