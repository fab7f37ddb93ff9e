import type { OrderView } from '../../contract/api/orders';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import {
  insertAccountActivation,
  insertAccountEmail,
  insertConfirmationCopy,
  insertOrderConfirmation,
  type AccountEmailKind,
} from './queries';
import { renderAccountActivation, type ActivationContext } from './accountActivation';
import { renderOrderConfirmation, type RenderedEmail } from './orderConfirmation';

/**
 * The email outbox (migration 0010): every email the shop sends is first a row here, written in
 * the transaction of what it announces. A dispatcher (dispatcher.ts) delivers unsent rows when a
 * mail transport is configured; without one the outbox is where emails are read (the dev viewer,
 * GET /services/outbox). Its SQL is server/email/queries.ts.
 */

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
  await insertOrderConfirmation(tx, order.id, order.customer.email, email);
}

/**
 * Queues the order's confirmation again, word for word, for a buyer who lost it (issue 25, Find
 * my tickets); false when the order has none. Each call is one more email: the caller limits
 * how often.
 */
export function queueConfirmationCopy(db: Queryable, orderId: string): Promise<boolean> {
  return insertConfirmationCopy(db, orderId);
}

/**
 * Queues an account's activation email inside the caller's transaction, so the account and the
 * link that activates it commit together. No order_id: a buyer who asks again from the same
 * order gets a new email (the old link no longer works).
 */
export async function queueAccountActivation(tx: Queryable, ctx: ActivationContext): Promise<void> {
  const email = renderAccountActivation(ctx);
  await insertAccountActivation(tx, ctx.email, email);
}

/**
 * Queues an email about an account (issue 14: reset link, "you already have an account", new
 * address link and old address notice) inside the caller's transaction, so the link's token and
 * the email that carries it commit together.
 */
export async function queueAccountEmail(
  tx: Queryable,
  kind: AccountEmailKind,
  recipient: string,
  email: RenderedEmail,
): Promise<void> {
  await insertAccountEmail(tx, kind, recipient, email);
}
