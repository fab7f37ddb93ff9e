import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { listMigrations, migrate } from '../../server/db/migrate';
import { openMigratedDatabase } from './testDatabase';

/**
 * Issue 26: a restart on a database already migrated to these very files does no schema work
 * (no lock, no transaction, no function re-applied), and anything new is still applied (a
 * changed function file: tests/api/pricingFunctions.test.ts).
 */

let db: Database;

beforeAll(async () => {
  db = await openMigratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** `db`, counting the statements that could change the schema and the transactions opened. */
function watched(target: Database) {
  const seen = { exec: 0, transactions: 0 };
  const database: Database = {
    ...target,
    exec: (sql) => {
      seen.exec += 1;
      return target.exec(sql);
    },
    transaction: (fn) => {
      seen.transactions += 1;
      return target.transaction(fn);
    },
  };
  return { database, seen };
}

describe('migrating at start', () => {
  it('leaves a database migrated to the same files alone', async () => {
    const { database, seen } = watched(db);
    expect(await migrate(database)).toEqual([]);
    expect(seen).toEqual({ exec: 0, transactions: 0 });
  });

  it('still applies a migration that is new since the last start, then is quiet again', async () => {
    const added = {
      version: '9999_restart_marker',
      sql: 'CREATE TABLE restart_marker (id int PRIMARY KEY)',
    };
    const migrations = [...listMigrations(), added];
    expect(await migrate(db, migrations)).toEqual([added.version]);
    const { rows } = await db.query<{ present: boolean }>(
      "SELECT to_regclass('restart_marker') IS NOT NULL AS present",
    );
    expect(rows[0]?.present).toBe(true);
    const { database, seen } = watched(db);
    expect(await migrate(database, migrations)).toEqual([]);
    expect(seen.transactions).toBe(0);
  });
});
