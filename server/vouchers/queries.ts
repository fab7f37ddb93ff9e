import type { VoucherKind } from '../../contract/api/paymentMethodKinds';
import type { Queryable } from '../db/database';

/**
 * The SQL of gift vouchers and gift cards (migration 0031). Ids go out upper-cased. A voucher's
 * `available` moves only here and in the failure trigger, always under the voucher's row lock
 * (taken in id order), and the table's CHECKs refuse any move that would overspend it.
 */

export interface VoucherRow {
  id: string;
  kind: VoucherKind;
  region: string;
  number: string;
  codeHash: string;
  currency: 'GBP' | 'USD';
  balance: number;
  available: number;
  /** `YYYY-MM-DD`. */
  expiresOn: string;
}

const VOUCHER_COLUMNS = `upper(v.id::text) AS id, v.kind, v.region, v.number,
  v.code_hash AS "codeHash", v.currency, v.balance, v.available,
  to_char(v.expires_on, 'YYYY-MM-DD') AS "expiresOn"`;

/** A voucher of the region by its (normalised) number. */
export async function findVoucher(
  db: Queryable,
  region: string,
  number: string,
): Promise<VoucherRow | undefined> {
  const { rows } = await db.query<VoucherRow>(
    `SELECT ${VOUCHER_COLUMNS} FROM vouchers v WHERE v.region = $1 AND v.number = $2`,
    [region, number],
  );
  return rows[0];
}

export interface AppliedVoucherRow extends VoucherRow {
  /**
   * What the hold may take of it now: `available` plus what the hold's own unfinished attempts
   * have reserved (a new attempt gives those back before it reserves).
   */
  usable: number;
}

/**
 * Takes the row locks of every voucher a pay attempt on the hold may move: those applied to it
 * and those its unfinished attempts reserved. In id order, as every writer of `available` takes
 * them, so two transactions never wait on each other crosswise.
 */
export async function lockHoldVouchers(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `SELECT 1 FROM vouchers WHERE id IN (
       SELECT voucher_id FROM hold_vouchers WHERE hold_id = $1
       UNION
       SELECT r.voucher_id FROM voucher_reservations r JOIN orders o ON o.id = r.order_id
       WHERE o.hold_id = $1 AND o.status = 'pending' AND r.status = 'reserved')
     ORDER BY id FOR UPDATE`,
    [holdId],
  );
}

/** The vouchers applied to a hold, in the order they were applied. */
export async function appliedVouchers(db: Queryable, holdId: string): Promise<AppliedVoucherRow[]> {
  const { rows } = await db.query<AppliedVoucherRow>(
    `SELECT ${VOUCHER_COLUMNS}, v.available + coalesce((
         SELECT sum(r.amount) FROM voucher_reservations r JOIN orders o ON o.id = r.order_id
         WHERE r.voucher_id = v.id AND r.status = 'reserved' AND o.hold_id = hv.hold_id
           AND o.status = 'pending'), 0)::int AS usable
     FROM hold_vouchers hv JOIN vouchers v ON v.id = hv.voucher_id
     WHERE hv.hold_id = $1 ORDER BY hv.applied_at, v.id`,
    [holdId],
  );
  return rows;
}

/** Applies a voucher to a hold; false when it already was. */
export async function applyToHold(
  db: Queryable,
  holdId: string,
  voucherId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO hold_vouchers (hold_id, voucher_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [holdId, voucherId],
  );
  return rowCount > 0;
}

/** Takes a voucher off a hold; false when it was not on it. */
export async function removeFromHold(
  db: Queryable,
  holdId: string,
  voucherId: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM hold_vouchers WHERE hold_id = $1 AND voucher_id = $2',
    [holdId, voucherId],
  );
  return rowCount > 0;
}

/**
 * Gives back what the hold's unfinished attempts reserved: a newer attempt replaces them, and an
 * attempt whose reservations are gone can no longer be sold (spendReservations). The caller
 * holds the vouchers' locks (lockHoldVouchers).
 */
export async function returnHoldReservations(db: Queryable, holdId: string): Promise<number> {
  const { rows } = await db.query<{ returned: number }>(
    `WITH back AS (
       UPDATE voucher_reservations r SET status = 'returned', updated_at = now()
       FROM orders o
       WHERE o.id = r.order_id AND o.hold_id = $1 AND o.status = 'pending' AND r.status = 'reserved'
       RETURNING r.voucher_id, r.amount
     ), per_voucher AS (
       SELECT voucher_id, sum(amount)::int AS amount FROM back GROUP BY voucher_id
     ), moved AS (
       UPDATE vouchers v SET available = v.available + p.amount
       FROM per_voucher p WHERE v.id = p.voucher_id
       RETURNING p.amount
     )
     SELECT coalesce(sum(amount), 0)::int AS returned FROM moved`,
    [holdId],
  );
  return rows[0]?.returned ?? 0;
}

export interface Reservation {
  voucherId: string;
  amount: number;
}

/**
 * Reserves each amount for the attempt (`available -= amount`) under the locks the caller holds.
 * The CHECK on `available` refuses a reservation that would overspend (the transaction fails).
 */
export async function reserve(
  db: Queryable,
  orderId: string,
  reservations: readonly Reservation[],
): Promise<void> {
  if (reservations.length === 0) return;
  await db.query(
    `WITH taken AS (
       INSERT INTO voucher_reservations (order_id, voucher_id, position, amount, status)
       SELECT $1, t.voucher_id, t.position - 1, t.amount, 'reserved'
       FROM unnest($2::uuid[], $3::int[]) WITH ORDINALITY AS t(voucher_id, amount, position)
       RETURNING voucher_id, amount
     )
     UPDATE vouchers v SET available = v.available - taken.amount
     FROM taken WHERE v.id = taken.voucher_id`,
    [orderId, reservations.map((r) => r.voucherId), reservations.map((r) => r.amount)],
  );
}

/**
 * The sale spends the attempt's reservations (`balance -= amount`, reservation `spent`), once.
 * Returns what was spent, or undefined when any reservation is no longer `reserved` (a newer
 * attempt took it back): that attempt cannot be sold.
 */
export async function spendReservations(
  db: Queryable,
  orderId: string,
): Promise<number | undefined> {
  await db.query(
    `SELECT 1 FROM vouchers WHERE id IN (
       SELECT voucher_id FROM voucher_reservations WHERE order_id = $1)
     ORDER BY id FOR UPDATE`,
    [orderId],
  );
  const locked = await db.query<{ status: string }>(
    'SELECT status FROM voucher_reservations WHERE order_id = $1',
    [orderId],
  );
  if (locked.rows.some((row) => row.status !== 'reserved')) return undefined;
  if (locked.rows.length === 0) return 0;
  const { rows } = await db.query<{ spent: number }>(
    `WITH spent AS (
       UPDATE voucher_reservations SET status = 'spent', updated_at = now()
       WHERE order_id = $1 AND status = 'reserved'
       RETURNING voucher_id, amount
     ), moved AS (
       UPDATE vouchers v SET balance = v.balance - spent.amount
       FROM spent WHERE v.id = spent.voucher_id
       RETURNING spent.amount
     )
     SELECT coalesce(sum(amount), 0)::int AS spent FROM moved`,
    [orderId],
  );
  return rows[0]?.spent ?? 0;
}

export interface SpentVoucherRow {
  kind: VoucherKind;
  number: string;
  amount: number;
}

/** What the order's vouchers paid, in the order they were spent. */
export async function spentVouchers(db: Queryable, orderId: string): Promise<SpentVoucherRow[]> {
  const { rows } = await db.query<SpentVoucherRow>(
    `SELECT v.kind, v.number, r.amount FROM voucher_reservations r
     JOIN vouchers v ON v.id = r.voucher_id
     WHERE r.order_id = $1 AND r.status = 'spent' ORDER BY r.position`,
    [orderId],
  );
  return rows;
}

/** Whether the region has a voucher or gift card with this (normalised) number. */
export async function voucherNumberExists(
  db: Queryable,
  region: string,
  number: string,
): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM vouchers WHERE region = $1 AND number = $2', [
    region,
    number,
  ]);
  return rows.length > 0;
}

export interface NewVoucher {
  id: string;
  kind: VoucherKind;
  region: string;
  number: string;
  codeHash: string;
  currency: 'GBP' | 'USD';
  balance: number;
  expiresOn: string;
}

/** Writes a voucher with its whole balance available (the seed, the box office). */
export async function insertVoucher(db: Queryable, voucher: NewVoucher): Promise<void> {
  await db.query(
    `INSERT INTO vouchers (id, kind, region, number, code_hash, currency, balance, available,
       expires_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8::date)`,
    [
      voucher.id,
      voucher.kind,
      voucher.region,
      voucher.number,
      voucher.codeHash,
      voucher.currency,
      voucher.balance,
      voucher.expiresOn,
    ],
  );
}
