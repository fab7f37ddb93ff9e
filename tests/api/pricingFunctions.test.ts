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
const [pricing] = listFunctionFiles();

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
    expect(listFunctionFiles()).toHaveLength(1);
    expect(pricing).toBeDefined();
    const creates = pricing!.match(/^CREATE\b.*$/gm) ?? [];
    expect(creates.length).toBeGreaterThan(0);
    for (const line of creates) expect(line).toMatch(/^CREATE OR REPLACE (FUNCTION|VIEW) /);
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
