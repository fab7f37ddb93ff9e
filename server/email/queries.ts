import type { Queryable } from '../db/database';

/**
 * The SQL of the email outbox (migration 0010): rows written in the transaction of what they
 * announce (server/email/outbox.ts) and claimed, sent or retried by the dispatcher
 * (server/email/dispatcher.ts).
 */

export interface OutboxEmail {
  id: string;
  kind:
    | 'order_confirmation'
    | 'order_confirmation_copy'
    | 'account_activation'
    | 'membership_confirmation'
    | AccountEmailKind;
  orderId: string | null;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** What a list shows: no bodies, so a long outbox stays a small answer. */
export type OutboxSummary = Omit<OutboxEmail, 'html' | 'text'>;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** The venue the email is written as: the transport sends it from that venue's address. */
  venueSlug: string;
}

/** A row claimed for sending: the transport's fields and the attempts made so far. */
export interface DueEmail {
  id: string;
  kind: OutboxEmail['kind'];
  orderId: string | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  venue: string | null;
  attempts: number;
}

const SUMMARY_COLUMNS = `id::text AS id, kind, order_id::text AS "orderId", recipient, subject,
  created_at AS "createdAt", sent_at AS "sentAt", attempts, last_error AS "lastError"`;

/** One confirmation per order: a second insert for the same order writes nothing. */
export async function insertOrderConfirmation(
  tx: Queryable,
  orderId: string,
  recipient: string,
  email: RenderedEmail,
): Promise<void> {
  await tx.query(
    `INSERT INTO email_outbox (kind, order_id, recipient, subject, html, text, venue_slug)
     VALUES ('order_confirmation', $1, $2, $3, $4, $5, $6)
     ON CONFLICT (order_id, kind)
       WHERE order_id IS NOT NULL AND kind <> 'order_confirmation_copy' DO NOTHING`,
    [orderId, recipient, email.subject, email.html, email.text, email.venueSlug],
  );
}

/**
 * A copy of an order's confirmation as it was written (Find my tickets, migration 0034), to the
 * same recipient; false when the order has no confirmation to copy.
 */
export async function insertConfirmationCopy(tx: Queryable, orderId: string): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO email_outbox (kind, order_id, recipient, subject, html, text, venue_slug)
     SELECT 'order_confirmation_copy', order_id, recipient, subject, html, text, venue_slug
     FROM email_outbox WHERE order_id = $1 AND kind = 'order_confirmation'
     RETURNING id`,
    [orderId],
  );
  return rows.length > 0;
}

export async function insertAccountActivation(
  tx: Queryable,
  recipient: string,
  email: RenderedEmail,
): Promise<void> {
  await tx.query(
    `INSERT INTO email_outbox (kind, recipient, subject, html, text, venue_slug)
     VALUES ('account_activation', $1, $2, $3, $4, $5)`,
    [recipient, email.subject, email.html, email.text, email.venueSlug],
  );
}

/** The emails about an account itself (issue 14, migration 0019). */
export type AccountEmailKind =
  'password_reset' | 'account_exists' | 'email_change' | 'email_change_notice';

export async function insertAccountEmail(
  tx: Queryable,
  kind: AccountEmailKind,
  recipient: string,
  email: RenderedEmail,
): Promise<void> {
  await tx.query(
    `INSERT INTO email_outbox (kind, recipient, subject, html, text, venue_slug)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [kind, recipient, email.subject, email.html, email.text, email.venueSlug],
  );
}

/** The newest emails first, for the dev viewer. */
export async function listOutbox(db: Queryable, limit: number): Promise<OutboxSummary[]> {
  const { rows } = await db.query<OutboxSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM email_outbox ORDER BY created_at DESC, id LIMIT $1`,
    [limit],
  );
  return rows;
}

export async function findOutboxEmail(db: Queryable, id: string): Promise<OutboxEmail | undefined> {
  const { rows } = await db.query<OutboxEmail>(
    `SELECT ${SUMMARY_COLUMNS}, html, text FROM email_outbox WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/**
 * Claims up to `batch` unsent rows that are due by moving their next attempt `leaseSeconds`
 * ahead (SKIP LOCKED: two dispatchers never take one row), counting the attempt.
 */
export async function claimDueEmails(
  db: Queryable,
  batch: number,
  leaseSeconds: number,
  maxAttempts: number,
): Promise<DueEmail[]> {
  const { rows } = await db.query<DueEmail>(
    `UPDATE email_outbox SET attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $2::int)
     WHERE id IN (
       SELECT id FROM email_outbox
       WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $3
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, kind, order_id::text AS "orderId", recipient AS "to", subject,
       html, text, venue_slug AS venue, attempts`,
    [batch, leaseSeconds, maxAttempts],
  );
  return rows;
}

export async function markEmailSent(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE email_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [id]);
}

export async function markEmailFailed(
  db: Queryable,
  id: string,
  reason: string,
  retryInSeconds: number,
): Promise<void> {
  await db.query(
    `UPDATE email_outbox SET last_error = $2,
       next_attempt_at = now() + make_interval(secs => $3::int) WHERE id = $1`,
    [id, reason, retryInSeconds],
  );
}

/** The outbox as the operator watches it (issue 25): what waits, how long, what was given up. */
export interface OutboxBacklog {
  unsent: number;
  /** Age of the oldest row still to be tried; 0 when none waits. */
  oldestUnsentSeconds: number;
  givenUp: number;
}

/** One pass over the unsent rows (the email_outbox_due index keeps them few). */
export async function outboxBacklog(db: Queryable, maxAttempts: number): Promise<OutboxBacklog> {
  const { rows } = await db.query<OutboxBacklog>(
    `SELECT count(*) FILTER (WHERE attempts < $1)::int AS unsent,
       coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE attempts < $1)), 0)::float8
         AS "oldestUnsentSeconds",
       count(*) FILTER (WHERE attempts >= $1)::int AS "givenUp"
     FROM email_outbox WHERE sent_at IS NULL`,
    [maxAttempts],
  );
  return rows[0]!;
}
