import type { Queryable } from '../db/database';

/** A promo or presale code as the venue issued it (table promo_codes, migration 0001). */
export interface PromoCodeRow {
  code: string;
  /** Null: valid for every show at the venue. */
  showId: string | null;
  kind: 'promo' | 'presale';
  discountPercent: number;
  /** Only members of this scheme may use the code (an ATG+ presale). */
  membershipScheme: string | null;
  singleUse: boolean;
  /** A single-use code an order has redeemed (promo_redemptions, migration 0034). */
  redeemed: boolean;
  validFrom: Date;
  validUntil: Date;
}

/**
 * The venue's code matching `code` in any letter case. A code of another venue is not found:
 * as far as this venue is concerned it does not exist.
 */
export async function findPromoCode(
  db: Queryable,
  venueSlug: string,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const { rows } = await db.query<PromoCodeRow>(
    `SELECT code, show_id AS "showId", kind, discount_percent AS "discountPercent",
            membership_scheme AS "membershipScheme", single_use AS "singleUse",
            single_use AND EXISTS (
              SELECT 1 FROM promo_redemptions r
              WHERE r.promo_code = promo_codes.code AND r.status = 'spent') AS redeemed,
            valid_from AS "validFrom", valid_until AS "validUntil"
     FROM promo_codes WHERE venue_slug = $1 AND upper(code) = upper($2)
     ORDER BY code LIMIT 1`,
    [venueSlug, code],
  );
  const row = rows[0];
  return (
    row && { ...row, validFrom: new Date(row.validFrom), validUntil: new Date(row.validUntil) }
  );
}

// ---------------------------------------------------------------------------------------------
// Single-use redemptions (migration 0034, redemptions.ts). A redemption moves only here and in
// the failure trigger; each move is conditional on the status it leaves, so it happens once.

/**
 * Takes the lock of the code if it is single-use (its canonical spelling), else undefined. NO KEY
 * UPDATE, so holds and redemptions that merely reference the code do not wait for it.
 */
export async function lockSingleUseCode(db: Queryable, code: string): Promise<string | undefined> {
  const { rows } = await db.query<{ code: string }>(
    'SELECT code FROM promo_codes WHERE code = $1 AND single_use FOR NO KEY UPDATE',
    [code],
  );
  return rows[0]?.code;
}

/**
 * Gives back what the hold's unfinished attempts reserved: a newer attempt replaces them, and an
 * attempt whose reservation is gone can no longer be sold (spendRedemption).
 */
export async function returnHoldRedemptions(db: Queryable, holdId: string): Promise<void> {
  await db.query(
    `UPDATE promo_redemptions r SET status = 'returned', updated_at = now()
     FROM orders o
     WHERE o.id = r.order_id AND o.hold_id = $1 AND o.status = 'pending' AND r.status = 'reserved'`,
    [holdId],
  );
}

/** Whether an order spent the code, or an attempt is reserving it now. */
export async function liveRedemption(
  db: Queryable,
  code: string,
): Promise<'reserved' | 'spent' | undefined> {
  const { rows } = await db.query<{ status: 'reserved' | 'spent' }>(
    `SELECT status FROM promo_redemptions
     WHERE promo_code = $1 AND status IN ('reserved', 'spent')`,
    [code],
  );
  return rows[0]?.status;
}

export async function reserveRedemption(
  db: Queryable,
  orderId: string,
  code: string,
): Promise<void> {
  await db.query(
    `INSERT INTO promo_redemptions (order_id, promo_code, status) VALUES ($1, $2, 'reserved')`,
    [orderId, code],
  );
}

/** reserved → spent for the order; false when it has a redemption that was no longer reserved. */
export async function spendRedemption(db: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await db.query<{ spent: number; claims: number }>(
    `WITH spent AS (
       UPDATE promo_redemptions SET status = 'spent', updated_at = now()
       WHERE order_id = $1 AND status = 'reserved'
       RETURNING order_id
     )
     SELECT (SELECT count(*) FROM spent)::int AS spent,
            (SELECT count(*) FROM promo_redemptions WHERE order_id = $1)::int AS claims`,
    [orderId],
  );
  const { spent, claims } = rows[0]!;
  return claims === 0 || spent === 1;
}
