import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { listFunctionFiles, listMigrations, migrate } from '../../server/db/migrate';
import { promoDiscount } from '../../server/basket/pricing';
import { openTestDatabase } from './testDatabase';

/**
 * The price rule's database functions have one home (server/db/functions/pricing.sql), applied
 * after the numbered migrations on every run: these tests hold that file, the migrations that
 * first made the functions and the TypeScript half (server/basket/pricing.ts) together.
 */

let db: Database;
// Issue 23: the live hold functions have a file of their own beside it (functions/holds.sql).
const functionFiles = listFunctionFiles();
const definesPriceRule = (sql: string) =>
  /^CREATE OR REPLACE FUNCTION ticket_all_in_price\(/m.test(sql);
const pricing = functionFiles.find(definesPriceRule);

beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
});

const priceOf = async (face: number, fee: number, percent: number) =>
  (
    await db.query<{ price: number }>('SELECT ticket_all_in_price($1, $2, $3) AS price', [
      face,
      fee,
      percent,
    ])
  ).rows[0]!.price;

describe('the price rule in the database', () => {
  it('is one file of CREATE OR REPLACE statements', () => {
    expect(functionFiles.filter(definesPriceRule)).toHaveLength(1);
    expect(pricing).toBeDefined();
    // Every function file is applied again on every run, so none may hold a bare CREATE.
    for (const file of functionFiles) {
      const creates = file.match(/^CREATE\b.*$/gm) ?? [];
      expect(creates.length).toBeGreaterThan(0);
      for (const line of creates) expect(line).toMatch(/^CREATE OR REPLACE (FUNCTION|VIEW) /);
    }
  });

  it('prices a ticket as face value less the discount (rounded half up) plus the fee', async () => {
    const rule = { code: 'X', kind: 'promo' as const, discountPercent: 15, singleUse: false };
    for (const face of [3333, 3330, 3300, 1, 0]) {
      expect(await priceOf(face, 250, 15)).toBe(face - promoDiscount(face, rule) + 250);
    }
    expect(await priceOf(3300, 250, 0)).toBe(3550);
  });

  it('is applied again on every run, after the migrations, in the same transaction', async () => {
    const changed = pricing!.replace(
      'SELECT face_value - (face_value * discount_percent + 50) / 100 + booking_fee',
      'SELECT face_value - (face_value * discount_percent + 50) / 100 + booking_fee + 1',
    );
    expect(changed).not.toBe(pricing);
    expect(await migrate(db, listMigrations(), [changed])).toEqual([]);
    expect(await priceOf(3300, 250, 0)).toBe(3551);
    await migrate(db);
    expect(await priceOf(3300, 250, 0)).toBe(3550);
  });
});

describe('the hold functions in the database', () => {
  const bodies = async () =>
    (
      await db.query<{ name: string; body: string }>(
        "SELECT proname AS name, prosrc AS body FROM pg_proc WHERE proname IN ('open_hold', 'hold_seats') ORDER BY proname",
      )
    ).rows;

  it('are the ones functions/holds.sql defines, applied again on every run', async () => {
    const holds = functionFiles.find((sql) => /FUNCTION hold_seats\(/.test(sql));
    expect(holds).toBeDefined();
    const marked = holds!.replace(
      'SELECT * INTO opened FROM open_hold(',
      '-- applied from functions/holds.sql\n  SELECT * INTO opened FROM open_hold(',
    );
    expect(marked).not.toBe(holds);
    await migrate(db, listMigrations(), [marked]);
    expect((await bodies()).find((row) => row.name === 'hold_seats')?.body).toContain(
      '-- applied from functions/holds.sql',
    );
    await migrate(db);
    const live = await bodies();
    expect(live.map((row) => row.name)).toEqual(['hold_seats', 'open_hold']);
    for (const row of live) expect(holds).toContain(row.body.trim());
  });
});
