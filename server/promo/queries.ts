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
