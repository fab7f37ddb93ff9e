import { expect } from 'vitest';
import type { Database } from '../../server/db/database';

/**
 * The search for leaked card data that closes a suite which sent cards: every card number (and
 * its first twelve digits) and every security code the suite sent must appear in no log line
 * and no row of any table.
 */

/** Tables that take part in a payment or an order, and so must exist for the search to mean much. */
export const PAYMENT_TABLES = [
  'payments',
  'sandbox_card_tokens',
  'sandbox_payments',
  'idempotency_keys',
  'orders',
  'order_tickets',
  'app_handover_tokens',
  'email_outbox',
  'checkout_details',
];

/**
 * Tables only migrations and the seed write (the catalogue). No request ever writes to them, so
 * a suite on a seeded database may leave them out of its search: their numbers (seat
 * coordinates, prices, capacities) would only be mistaken for security codes.
 */
export const CATALOGUE_TABLES = [
  'schema_migrations',
  'schema_fingerprint',
  'seed_versions',
  'venues',
  'seating_plans',
  'plan_sections',
  'seats',
  'admission_areas',
  'shows',
  'price_options',
  'offers',
  'performances',
  'admission_capacities',
  'upsell_products',
  'ticket_protection_products',
  'ticket_protection_fees',
  'membership_schemes',
  'promo_codes',
  'catalogue_state',
  'hold_prices',
];

/**
 * Ids, timestamps and the logger's own measurements are full of digits; with them taken out, a
 * security code can only appear as a value of its own, so any standalone occurrence is a leak.
 * (A response time of 382.4 ms or a 382-byte body once passed for the code 382.)
 */
const NOISE = [
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
  '\\d{4}-\\d{2}-\\d{2}[ T][0-9:.]+([+-]\\d{2}(:\\d{2})?|Z)?',
  '"(time|pid|responseTime|statusCode|contentLength|content-length|port|remotePort)":"?[0-9.]+"?',
  '\\d+\\.\\d+',
].join('|');
const standalone = (cvv: string) => `(^|[^0-9A-Za-z])${cvv}($|[^0-9A-Za-z])`;

async function tableNames(db: Database, skip: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  return rows.map((row) => row.name).filter((name) => !skip.includes(name));
}

export async function expectNoCardData(
  db: Database,
  sent: { logLines: string[]; numbers: Set<string>; cvvs: Set<string> },
  options: { skip?: readonly string[] } = {},
): Promise<void> {
  const logs = sent.logLines.join('\n');
  for (const number of sent.numbers) {
    expect(logs).not.toContain(number);
    expect(logs).not.toContain(number.slice(0, 12));
  }
  const quietLogs = logs.replace(new RegExp(NOISE, 'gi'), '');
  for (const cvv of sent.cvvs) expect(quietLogs).not.toMatch(new RegExp(standalone(cvv)));

  const tables = await tableNames(db, options.skip ?? []);
  expect(tables).toEqual(expect.arrayContaining(PAYMENT_TABLES));
  for (const name of tables) {
    for (const number of sent.numbers) {
      const found = await db.query(
        `SELECT 1 FROM ${name} t WHERE strpos(t::text, $1) > 0 OR strpos(t::text, $2) > 0 LIMIT 1`,
        [number, number.slice(0, 12)],
      );
      expect(found.rows, `${name} holds a card number`).toHaveLength(0);
    }
    for (const cvv of sent.cvvs) {
      const found = await db.query(
        `SELECT 1 FROM ${name} t WHERE regexp_replace(t::text, $1, '', 'gi') ~ $2 LIMIT 1`,
        [NOISE, standalone(cvv)],
      );
      expect(found.rows, `${name} holds a security code`).toHaveLength(0);
    }
  }
}

/**
 * A security code of `length` digits that appears standalone in no table yet, so the final
 * search cannot mistake catalogue data (a seat's coordinates, a price) for a leak.
 */
export async function absentCvv(
  db: Database,
  length: 3 | 4,
  skip: readonly string[] = [],
): Promise<string> {
  const tables = await tableNames(db, skip);
  for (let candidate = length === 3 ? 382 : 7391; ; candidate += 37) {
    const cvv = String(candidate % 10 ** length).padStart(length, '0');
    let found = false;
    for (const name of tables) {
      const hit = await db.query(
        `SELECT 1 FROM ${name} t WHERE regexp_replace(t::text, $1, '', 'gi') ~ $2 LIMIT 1`,
        [NOISE, standalone(cvv)],
      );
      if (hit.rows.length > 0) {
        found = true;
        break;
      }
    }
    if (!found) return cvv;
  }
}
