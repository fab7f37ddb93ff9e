import type { Queryable } from '../../db/database';

/**
 * The SQL of memberships (migration 0020): who is a member of what and until when, the schemes'
 * offers as each venue words them, the ATG+ purchase attempts, and the presale and access-seat
 * facts the benefits are judged on.
 */

export interface MembershipRow {
  scheme: 'atg-plus' | 'access';
  number: string;
  startedAt: Date;
  benefitsUntil: Date | null;
  autoRenew: boolean;
  cancelledAt: Date | null;
  /** Judged by the database's clock, as the benefits are everywhere else. */
  benefitsActive: boolean;
  /** The scheme's own rule (membership_schemes), the one the basket prices by. */
  waivesTransactionFee: boolean;
}

const MEMBERSHIP_COLUMNS = `scheme, number, started_at AS "startedAt",
  benefits_until AS "benefitsUntil", auto_renew AS "autoRenew", cancelled_at AS "cancelledAt",
  (benefits_until IS NULL OR benefits_until > now()) AS "benefitsActive",
  (SELECT s.waives_transaction_fee FROM membership_schemes s WHERE s.slug = scheme)
    AS "waivesTransactionFee"`;

export async function accountMemberships(
  db: Queryable,
  accountId: string,
): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `SELECT ${MEMBERSHIP_COLUMNS} FROM memberships WHERE account_id = $1 ORDER BY scheme`,
    [accountId],
  );
  return rows;
}

/** The schemes whose benefits the account has at this moment. */
export async function activeSchemes(db: Queryable, accountId: string): Promise<string[]> {
  const { rows } = await db.query<{ scheme: string }>(
    `SELECT scheme FROM memberships
     WHERE account_id = $1 AND (benefits_until IS NULL OR benefits_until > now())
     ORDER BY scheme`,
    [accountId],
  );
  return rows.map((row) => row.scheme);
}

/**
 * A session's signed-in account (only while both sign-in limits hold, as buyerSession reads it)
 * and the schemes whose benefits it has now; null account for a guest.
 */
export async function sessionMember(
  db: Queryable,
  sessionId: string,
): Promise<{ accountId: string | null; schemes: string[] }> {
  const { rows } = await db.query<{ accountId: string | null; schemes: string[] }>(
    `SELECT s.account_id::text AS "accountId",
            coalesce((SELECT array_agg(m.scheme ORDER BY m.scheme) FROM memberships m
                      WHERE m.account_id = s.account_id
                        AND (m.benefits_until IS NULL OR m.benefits_until > now())), '{}') AS schemes
     FROM sessions s
     WHERE s.id = $1 AND s.signed_in_idle_until > now() AND s.signed_in_until > now()`,
    [sessionId],
  );
  return rows[0] ?? { accountId: null, schemes: [] };
}

export interface NewMembership {
  accountId: string;
  scheme: string;
  /** Used only when the account never had this scheme: a rejoining member keeps their number. */
  number: string;
  /** NULL: no term (Access). */
  termMonths: number | null;
  autoRenew: boolean;
  evidence: { kind: string; reference: string } | null;
}

/** Starts (or starts again) the account's membership of a scheme from now. */
export async function startMembership(
  db: Queryable,
  membership: NewMembership,
): Promise<MembershipRow> {
  const { rows } = await db.query<MembershipRow>(
    `INSERT INTO memberships AS m (account_id, scheme, number, started_at, benefits_until,
                                   auto_renew, evidence_kind, evidence_reference)
     VALUES ($1, $2, $3, now(),
             CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(months => $4::int) END,
             $5, $6, $7)
     ON CONFLICT (account_id, scheme) DO UPDATE SET started_at = EXCLUDED.started_at,
       benefits_until = EXCLUDED.benefits_until, auto_renew = EXCLUDED.auto_renew,
       cancelled_at = NULL, evidence_kind = EXCLUDED.evidence_kind,
       evidence_reference = EXCLUDED.evidence_reference
     RETURNING ${MEMBERSHIP_COLUMNS}`,
    [
      membership.accountId,
      membership.scheme,
      membership.number,
      membership.termMonths,
      membership.autoRenew,
      membership.evidence?.kind ?? null,
      membership.evidence?.reference ?? null,
    ],
  );
  return rows[0]!;
}

export async function setAutoRenew(
  db: Queryable,
  accountId: string,
  scheme: string,
  autoRenew: boolean,
): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `UPDATE memberships SET auto_renew = $3 WHERE account_id = $1 AND scheme = $2
     RETURNING ${MEMBERSHIP_COLUMNS}`,
    [accountId, scheme, autoRenew],
  );
  return rows[0];
}

/**
 * Cancels: auto-renew off; a scheme without a term (Access) ends now, a paid term keeps its end.
 * A membership already cancelled or lapsed is left as it is.
 */
export async function cancelMembership(
  db: Queryable,
  accountId: string,
  scheme: string,
): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `UPDATE memberships SET auto_renew = false,
       cancelled_at = CASE WHEN cancelled_at IS NULL AND (benefits_until IS NULL
                                OR benefits_until > now()) THEN now() ELSE cancelled_at END,
       benefits_until = CASE WHEN benefits_until IS NULL THEN now() ELSE benefits_until END
     WHERE account_id = $1 AND scheme = $2
     RETURNING ${MEMBERSHIP_COLUMNS}`,
    [accountId, scheme],
  );
  return rows[0];
}

export interface OfferRow {
  scheme: 'atg-plus' | 'access';
  name: string;
  summary: string;
  benefits: string[];
  /** Null: free. */
  amount: number | null;
}

/** Every scheme's offer in the venue's words where it has its own, with its price there. */
export async function membershipOffers(
  db: Queryable,
  venueSlug: string,
  currency: string,
): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(
    `SELECT s.slug AS scheme, coalesce(w.name, s.name) AS name,
            coalesce(w.summary, s.description) AS summary,
            coalesce(w.benefits, s.benefits) AS benefits, p.amount
     FROM membership_schemes s
     LEFT JOIN venue_membership_wording w ON w.scheme = s.slug AND w.venue_slug = $1
     LEFT JOIN membership_prices p ON p.scheme = s.slug AND p.currency = $2
     ORDER BY array_position(ARRAY['atg-plus', 'access'], s.slug)`,
    [venueSlug, currency],
  );
  return rows;
}

/**
 * The scheme whose members may book a presale performance of this show without a code: a
 * members' presale code for the show (or the venue) valid now. Null for an open presale.
 */
export async function membersPresaleScheme(
  db: Queryable,
  venueSlug: string,
  showId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ scheme: string }>(
    `SELECT membership_scheme AS scheme FROM promo_codes
     WHERE venue_slug = $1 AND (show_id IS NULL OR show_id = $2) AND kind = 'presale'
       AND membership_scheme IS NOT NULL AND now() BETWEEN valid_from AND valid_until
     ORDER BY code LIMIT 1`,
    [venueSlug, showId],
  );
  return rows[0]?.scheme ?? null;
}

export interface AccessSeatRow {
  id: string;
  section: string;
  row: string;
  number: number;
  wheelchair: boolean;
  companion: boolean;
  accessZone: boolean;
}

const ACCESS_SEAT_COLUMNS = `upper(s.id::text) AS id, s.section_code AS section, s.row_label AS row,
  s.seat_number AS number, s.is_wheelchair AS wheelchair, s.is_companion AS companion,
  s.is_access_zone AS "accessZone"`;

/** Every wheelchair, companion and access-zone seat of a plan (a few dozen at most). */
export async function planAccessSeats(db: Queryable, planId: string): Promise<AccessSeatRow[]> {
  const { rows } = await db.query<AccessSeatRow>(
    `SELECT ${ACCESS_SEAT_COLUMNS} FROM seats s
     WHERE s.seating_plan_id = $1 AND (s.is_wheelchair OR s.is_companion OR s.is_access_zone)`,
    [planId],
  );
  return rows;
}

/** The wheelchair spaces the session holds (live holds) on a performance. */
export async function heldWheelchairSpaces(
  db: Queryable,
  sessionId: string,
  performanceId: string,
): Promise<AccessSeatRow[]> {
  const { rows } = await db.query<AccessSeatRow>(
    `SELECT ${ACCESS_SEAT_COLUMNS} FROM holds h
     JOIN seat_allocations a ON a.hold_id = h.id AND a.performance_id = h.performance_id
                            AND a.status = 'held'
     JOIN seats s ON s.id = a.seat_id
     WHERE h.session_id = $1 AND h.performance_id = $2 AND h.expires_at > now()
       AND s.is_wheelchair`,
    [sessionId, performanceId],
  );
  return rows;
}

export interface PurchaseRow {
  id: string;
  accountId: string;
  sessionId: string;
  scheme: 'atg-plus';
  venueSlug: string;
  amount: number;
  currency: 'GBP' | 'USD';
  status: 'pending' | 'confirmed' | 'failed';
  failure: 'declined' | 'timed_out' | 'refused' | 'abandoned' | null;
  paymentId: string | null;
}

const PURCHASE_COLUMNS = `upper(id::text) AS id, account_id::text AS "accountId",
  session_id::text AS "sessionId", scheme, venue_slug AS "venueSlug", amount, currency, status,
  failure, upper(payment_id::text) AS "paymentId"`;

export async function findPurchase(
  db: Queryable,
  purchaseId: string,
  lock = false,
): Promise<PurchaseRow | undefined> {
  const { rows } = await db.query<PurchaseRow>(
    `SELECT ${PURCHASE_COLUMNS} FROM membership_purchases WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [purchaseId],
  );
  return rows[0];
}

export async function purchaseForKey(
  db: Queryable,
  sessionId: string,
  key: string,
): Promise<PurchaseRow | undefined> {
  const { rows } = await db.query<PurchaseRow>(
    `SELECT ${PURCHASE_COLUMNS} FROM membership_purchases
     WHERE session_id = $1 AND idempotency_key = $2`,
    [sessionId, key],
  );
  return rows[0];
}

/**
 * Fails the account's pending attempts older than `seconds` (a buyer who never came back from
 * 3-D Secure), so they no longer block a new one; returns their payment ids to void.
 */
export async function abandonStalePurchases(
  db: Queryable,
  accountId: string,
  seconds: number,
): Promise<string[]> {
  const { rows } = await db.query<{ paymentId: string | null }>(
    `UPDATE membership_purchases SET status = 'failed', failure = 'abandoned'
     WHERE account_id = $1 AND status = 'pending'
       AND created_at < now() - make_interval(secs => $2::int)
     RETURNING upper(payment_id::text) AS "paymentId"`,
    [accountId, seconds],
  );
  return rows.flatMap((row) => (row.paymentId ? [row.paymentId] : []));
}

/** Writes a pending attempt; false when the account has another pending one (index). */
export async function insertPurchase(
  db: Queryable,
  purchase: Omit<PurchaseRow, 'status' | 'failure' | 'paymentId'> & { key: string },
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO membership_purchases (id, account_id, session_id, idempotency_key, scheme,
                                       venue_slug, amount, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (account_id) WHERE status = 'pending' DO NOTHING RETURNING 1`,
    [
      purchase.id,
      purchase.accountId,
      purchase.sessionId,
      purchase.key,
      purchase.scheme,
      purchase.venueSlug,
      purchase.amount,
      purchase.currency,
    ],
  );
  return rows.length > 0;
}

export async function setPurchasePayment(
  db: Queryable,
  purchaseId: string,
  paymentId: string,
): Promise<void> {
  await db.query(
    'UPDATE membership_purchases SET payment_id = $2 WHERE id = $1 AND payment_id IS NULL',
    [purchaseId, paymentId],
  );
}

export async function failPurchase(
  db: Queryable,
  purchaseId: string,
  failure: NonNullable<PurchaseRow['failure']>,
): Promise<void> {
  await db.query(
    `UPDATE membership_purchases SET status = 'failed', failure = $2
     WHERE id = $1 AND status = 'pending'`,
    [purchaseId, failure],
  );
}

export async function confirmPurchase(db: Queryable, purchaseId: string): Promise<void> {
  await db.query(
    `UPDATE membership_purchases SET status = 'confirmed', confirmed_at = now()
     WHERE id = $1 AND status = 'pending'`,
    [purchaseId],
  );
}

export async function insertMembershipEmail(
  tx: Queryable,
  recipient: string,
  email: { subject: string; html: string; text: string; venueSlug: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO email_outbox (kind, recipient, subject, html, text, venue_slug)
     VALUES ('membership_confirmation', $1, $2, $3, $4, $5)`,
    [recipient, email.subject, email.html, email.text, email.venueSlug],
  );
}
