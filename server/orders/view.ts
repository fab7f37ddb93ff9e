import type { OrderTicket, OrderView } from '../../contract/api/orders';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import * as o from './queries';
import { spentVouchers } from '../vouchers';
import { notFound } from '../lib/errors';
import { partsOf } from '../lib/performanceParts';
import type { BasketScope } from '../basket';

/** One regional API's view of orders: the basket's scope plus each venue's settings. */
export interface OrderScope extends BasketScope {
  venueFor(venueSlug: string): VenueSettings | undefined;
}

/** The order's venue, if this region sells it; anything else does not exist for the caller. */
export function orderVenue(scope: OrderScope, order: o.OrderRow): VenueSettings {
  const venue = order.region === scope.region ? scope.venueFor(order.venueSlug) : undefined;
  if (!venue) throw notFound('Order');
  return venue;
}

function ticketOf(row: o.TicketRow): OrderTicket {
  return {
    id: row.id,
    kind: row.kind,
    section: row.section,
    row: row.row,
    number: row.number,
    area: row.area,
    priceOptionName: row.priceOptionName,
    code: row.code,
  };
}

/**
 * What a reader of the order sees. `accessKey` is the secret link's key, for its owner only
 * (null for anyone who came with the link, and before the order is confirmed).
 */
export async function orderView(
  db: Queryable,
  scope: OrderScope,
  order: o.OrderRow,
  accessKey: string | null,
  tickets?: o.TicketRow[],
): Promise<OrderView> {
  const venue = orderVenue(scope, order);
  const [show, rows, means, vouchers] = await Promise.all([
    o.orderShow(db, order.performanceId),
    tickets ? Promise.resolve(tickets) : o.orderTickets(db, order.id),
    order.paymentId ? o.paymentMeans(db, order.paymentId) : Promise.resolve(undefined),
    order.voucherAmount > 0 ? spentVouchers(db, order.id) : Promise.resolve([]),
  ]);
  // Vouchers first, in the order they were spent, then what the provider took.
  const paidWith: OrderView['paidWith'] = vouchers.map((voucher) => ({
    method: voucher.kind,
    amount: voucher.amount,
    brand: null,
    last4: voucher.number.slice(-4),
  }));
  const providerAmount = order.total - order.voucherAmount;
  if (means && providerAmount > 0) {
    paidWith.push({
      method: means.method,
      amount: providerAmount,
      brand: means.brand,
      last4: means.last4,
    });
  }
  const { contact, delivery } = order.details;
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    customer: { firstName: contact.firstName, lastName: contact.lastName, email: contact.email },
    show: {
      title: show.title,
      venueName: venue.name,
      venueSlug: venue.slug,
      performanceId: order.performanceId,
      startsAt: show.startsAt.toISOString(),
      ...partsOf({ id: order.performanceId, ...show }),
      timezone: venue.timezone,
    },
    delivery: { method: delivery.method, address: delivery.address },
    tickets: rows.map(ticketOf),
    extras: order.basket.extras,
    ticketProtection: order.basket.ticketProtection?.choice === 'yes',
    transactionFee: order.transactionFee,
    charges: {
      tickets: order.basket.tickets.reduce((sum, line) => sum + line.lineTotal, 0),
      ticketProtection: order.basket.ticketProtection?.amount ?? 0,
      // Orders paid before the basket carried delivery had none to pay for.
      delivery: order.basket.delivery?.amount ?? 0,
      // Orders paid before the basket carried the waiver had none.
      transactionFeeWaiver: order.basket.transactionFeeWaiver ?? null,
    },
    total: order.total,
    currency: order.currency,
    paidWith,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    accessKey: order.status === 'confirmed' ? accessKey : null,
  };
}
