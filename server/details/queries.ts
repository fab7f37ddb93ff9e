import type { Queryable } from '../db/database';

/**
 * The SQL of a hold's checkout details (migration 0010). Each part is one jsonb value, written
 * and read whole; the domain validates a part before it is written and again before an order
 * is paid (the venue's questions or delivery methods may have changed in between).
 */

/** The parts as stored: unknown until parsed, since an older row may not fit today's rules. */
export interface DetailsRow {
  delivery: unknown;
  contact: unknown;
  answers: unknown;
  consents: unknown;
}

const EMPTY: DetailsRow = { delivery: null, contact: null, answers: {}, consents: null };

export async function findDetails(db: Queryable, holdId: string): Promise<DetailsRow> {
  const { rows } = await db.query<DetailsRow>(
    'SELECT delivery, contact, answers, consents FROM checkout_details WHERE hold_id = $1',
    [holdId],
  );
  return rows[0] ?? EMPTY;
}

/** The parts to replace; a part left undefined keeps what is stored. */
export interface DetailsParts {
  delivery?: unknown;
  contact?: unknown;
  answers?: unknown;
  consents?: unknown;
}

const json = (part: unknown) => (part === undefined ? null : JSON.stringify(part));

/** Replaces the given parts (a first save creates the row) and returns every part. */
export async function saveDetails(
  db: Queryable,
  holdId: string,
  parts: DetailsParts,
): Promise<DetailsRow> {
  const { rows } = await db.query<DetailsRow>(
    `INSERT INTO checkout_details AS d (hold_id, delivery, contact, answers, consents)
     VALUES ($1, $2::jsonb, $3::jsonb, coalesce($4::jsonb, '{}'::jsonb), $5::jsonb)
     ON CONFLICT (hold_id) DO UPDATE SET
       delivery = coalesce($2::jsonb, d.delivery),
       contact = coalesce($3::jsonb, d.contact),
       answers = coalesce($4::jsonb, d.answers),
       consents = coalesce($5::jsonb, d.consents),
       updated_at = now()
     RETURNING delivery, contact, answers, consents`,
    [holdId, json(parts.delivery), json(parts.contact), json(parts.answers), json(parts.consents)],
  );
  return rows[0]!;
}

/** Details whose hold ended this long ago can no longer become an order (late payment included). */
const KEEP_AFTER_EXPIRY = '1 day';
const PURGE_BATCH = 500;

/**
 * Deletes the details of holds that expired over a day ago and were never bought: expired holds
 * stay in the database, but a buyer's name, email, phone and address should not stay with them.
 */
export async function purgeAbandonedDetails(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM checkout_details WHERE hold_id IN (
       SELECT d.hold_id FROM checkout_details d JOIN holds h ON h.id = d.hold_id
       WHERE h.expires_at < now() - interval '${KEEP_AFTER_EXPIRY}' LIMIT $1)`,
    [PURGE_BATCH],
  );
  return rowCount;
}
