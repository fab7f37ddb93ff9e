import type { Queryable } from '../database';

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
}

const MEMBERSHIP_COLUMNS = `scheme, number, started_at AS "startedAt",
  benefits_until AS "benefitsUntil", auto_renew AS "autoRenew", cancelled_at AS "cancelledAt",
  (benefits_until IS NULL OR benefits_until > now()) AS "benefitsActive"`;

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

/** The wheelchair, companion and access-zone seats among `seatIds` of a plan. */
export async function accessSeats(
  db: Queryable,
  planId: string,
  seatIds: readonly string[],
): Promise<AccessSeatRow[]> {
  const { rows } = await db.query<AccessSeatRow>(
    `SELECT ${ACCESS_SEAT_COLUMNS} FROM seats s
     WHERE s.seating_plan_id = $1 AND s.id = ANY($2::uuid[])
       AND (s.is_wheelchair OR s.is_companion OR s.is_access_zone)`,
    [planId, seatIds],
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
     JOIN hold_seats hs ON hs.hold_id = h.id
     JOIN seats s ON s.id = hs.seat_id
     WHERE h.session_id = $1 AND h.performance_id = $2 AND h.expires_at > now()
       AND s.is_wheelchair`,
    [sessionId, performanceId],
  );
  return rows;
}
