import type { OrderView } from '../../contract/api/orders';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import { renderAccountActivation, type ActivationContext } from './accountActivation';
import { renderOrderConfirmation } from './orderConfirmation';

/**
 * The email outbox (migration 0010): every email the shop sends is first a row here, written in
 * the transaction of what it announces. A dispatcher (dispatcher.ts) delivers unsent rows when a
 * mail transport is configured; without one the outbox is where emails are read (the dev viewer,
 * GET /services/outbox).
 */

export interface OutboxEmail {
  id: string;
  kind: 'order_confirmation' | 'account_activation';
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

const SUMMARY_COLUMNS = `id::text AS id, kind, order_id::text AS "orderId", recipient, subject,
  created_at AS "createdAt", sent_at AS "sentAt", attempts, last_error AS "lastError"`;

/**
 * Queues the confirmation of a confirmed order inside the caller's transaction, so the order and
 * its email commit or roll back together. One per order: confirming again (a replayed or late
 * confirmation) queues nothing more.
 */
export async function queueOrderConfirmation(
  tx: Queryable,
  order: OrderView,
  ctx: { orderUrl: string; venue: VenueSettings },
): Promise<void> {
  if (order.status !== 'confirmed') {
    throw new Error(`order ${order.id} is ${order.status}: only a confirmed order is announced`);
  }
  const email = renderOrderConfirmation(order, ctx);
  await tx.query(
    `INSERT INTO email_outbox (kind, order_id, recipient, subject, html, text)
     VALUES ('order_confirmation', $1, $2, $3, $4, $5)
     ON CONFLICT (order_id, kind) WHERE order_id IS NOT NULL DO NOTHING`,
    [order.id, order.customer.email, email.subject, email.html, email.text],
  );
}

/**
 * Queues an account's activation email inside the caller's transaction, so the account and the
 * link that activates it commit together. No order_id: a buyer who asks again from the same
 * order gets a new email (the old link no longer works).
 */
export async function queueAccountActivation(tx: Queryable, ctx: ActivationContext): Promise<void> {
  const email = renderAccountActivation(ctx);
  await tx.query(
    `INSERT INTO email_outbox (kind, recipient, subject, html, text)
     VALUES ('account_activation', $1, $2, $3, $4)`,
    [ctx.email, email.subject, email.html, email.text],
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
