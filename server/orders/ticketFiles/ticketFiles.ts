import type { Region } from '../../../contract/regions';
import type { VenueBundle } from '../../../contract/venueFiles';
import type { Queryable } from '../../db/database';
import type { AttachmentSource, EmailAttachment } from '../../email';
import { notFound } from '../../lib/errors';
import { regionContext, type RegionContext } from '../../regionContext';
import { findOrder, performancePlace, type OrderRow } from '../queries';
import { orderView } from '../view';
import { CALENDAR_CONTENT_TYPE, calendarFile, calendarFileName } from './calendarFile';
import type { TicketFacts } from './ticketFacts';
import { PASS_CONTENT_TYPE, passFileName, passTickets, walletPass } from './walletPass';
import type { WalletCertificates } from './walletSettings';

/**
 * An order's files (issue 25): its calendar file and a wallet pass per eTicket, for the download
 * routes (orders/routes.ts, after their owner checks) and as the confirmation email's
 * attachments (the dispatcher asks for them when it sends).
 */

export type TicketFile = EmailAttachment;

/** What the files say of a confirmed order, as its owner reads it. */
export async function ticketFacts(
  db: Queryable,
  scope: RegionContext,
  order: OrderRow,
): Promise<TicketFacts> {
  const bundle = scope.bundleFor(order.venueSlug);
  if (!bundle || order.status !== 'confirmed') throw notFound('Order');
  const [view, place] = await Promise.all([
    orderView(db, scope, order, null),
    performancePlace(db, order.performanceId),
  ]);
  return { order: view, venue: bundle.settings, theme: bundle.theme, ...place };
}

export function calendarAttachment(facts: TicketFacts): TicketFile {
  return {
    filename: calendarFileName(facts),
    contentType: CALENDAR_CONTENT_TYPE,
    content: Buffer.from(calendarFile(facts), 'utf8'),
  };
}

/** The ticket's pass; undefined for a ticket that has none (not an eTicket, or not this order's). */
export async function passAttachment(
  facts: TicketFacts,
  ticketId: string,
  wallet: () => Promise<WalletCertificates>,
): Promise<TicketFile | undefined> {
  const ticket = passTickets(facts).find((each) => each.id === ticketId.toUpperCase());
  if (!ticket) return undefined;
  return {
    filename: passFileName(facts, ticket),
    contentType: PASS_CONTENT_TYPE,
    content: walletPass(facts, ticket, await wallet()),
  };
}

const CONFIRMATIONS = new Set(['order_confirmation', 'order_confirmation_copy']);

/**
 * The attachments of an order's confirmation (and of its copy): the calendar file, then one pass
 * per eTicket. Other emails carry none. Read from the order as it is when the email leaves.
 */
export function confirmationAttachments(options: {
  db: Queryable;
  venues: readonly VenueBundle[];
  wallet: () => Promise<WalletCertificates>;
}): AttachmentSource {
  const scopes = new Map<string, RegionContext>();
  const scopeFor = (region: string) => {
    let scope = scopes.get(region);
    if (!scope) {
      scope = regionContext(region as Region, options.venues);
      scopes.set(region, scope);
    }
    return scope;
  };
  return async ({ kind, orderId }) => {
    if (!CONFIRMATIONS.has(kind) || orderId === null) return [];
    const order = await findOrder(options.db, orderId);
    if (!order) throw new Error('the order of a confirmation email is gone');
    const facts = await ticketFacts(options.db, scopeFor(order.region), order);
    const passes = await Promise.all(
      passTickets(facts).map((ticket) => passAttachment(facts, ticket.id, options.wallet)),
    );
    return [calendarAttachment(facts), ...passes.filter((pass) => pass !== undefined)];
  };
}
