import type { TicketLine } from '../../contract/api/basket';
import type { OrderView } from '../../contract/api/orders';
import type { Queryable } from '../db/database';
import { takeCapacity, lockHold } from '../holds';
import * as o from './queries';
import { spendReservations } from '../vouchers';
import { spendSingleUse } from '../promo';
import { queueOrderConfirmation } from '../email';
import { newId } from '../lib/ids';
import { accessKeyHash, newAccessKey, type LinkSealer } from './keys';
import { orderVenue, orderView, type OrderScope } from './view';
import type { TicketSigner } from './ticketCodes';

/**
 * Completing a sale: in one transaction the order takes its seats and places, its tickets are
 * written (signed codes for e-tickets), its hold is marked sold, the order is confirmed and the
 * confirmation email is queued. Either all of that happens or none of it.
 *
 * The late-payment rule (docs/decisions.md) lives here too: the seats and places are taken from
 * the order's own basket snapshot, whether the hold is still live or not. A seat still held by
 * this hold, free, or held by another hold that has expired is sold to the order; one sold or
 * held live by anyone else means the sale is lost, and nothing is written.
 */

export interface SaleContext {
  scope: OrderScope;
  signer: TicketSigner;
  sealer: LinkSealer;
  /** The order's secret link, for the confirmation email. */
  orderUrl(order: { id: string; venueSlug: string }, accessKey: string): string;
}

/** Thrown inside the sale's transaction so that its partial claims roll back. */
export class SaleLost extends Error {
  constructor() {
    super('The seats or places of this order are no longer free.');
    this.name = 'SaleLost';
  }
}

export type SaleOutcome =
  /** This call made the sale. */
  | { kind: 'sold'; view: OrderView }
  /** Another call had already made it. */
  | { kind: 'already' }
  /** The attempt had failed meanwhile (declined, superseded): nothing may be sold to it. */
  | { kind: 'not_pending' };

const labelOf = (ticket: o.TicketRow): string =>
  ticket.kind === 'seat'
    ? `${ticket.section}, Row ${ticket.row}, Seat ${ticket.number}`
    : [ticket.area, ticket.priceOptionName].filter(Boolean).join(', ');

/** One ticket per seat and per admission place, in basket order, with printed names. */
function ticketsFor(
  lines: TicketLine[],
  names: { sections: Map<string, string>; areas: Map<string, string> },
): o.TicketRow[] {
  return lines.flatMap((line): o.TicketRow[] => {
    const common = {
      priceOption: line.priceOption,
      priceOptionName: line.priceOptionName,
      unitPrice: line.unitPrice,
      code: null,
    } satisfies Partial<o.TicketRow>;
    if (line.kind === 'seat') {
      return [
        {
          id: newId(),
          kind: 'seat' as const,
          seatId: line.seatId,
          section: names.sections.get(line.seatId ?? '') ?? line.section,
          row: line.row,
          number: line.number,
          area: null,
          ...common,
        },
      ];
    }
    return Array.from({ length: line.quantity }, () => ({
      id: newId(),
      kind: 'admission' as const,
      seatId: null,
      section: null,
      row: null,
      number: null,
      area: names.areas.get(line.area ?? '') ?? line.area,
      ...common,
    }));
  });
}

/** Admissions per area the order needs, less what the hold still had; takes or gives the rest. */
async function settlePlaces(tx: Queryable, order: o.OrderRow, lines: TicketLine[]): Promise<void> {
  const needed = new Map<string, number>();
  for (const line of lines) {
    if (line.kind === 'admission' && line.area) {
      needed.set(line.area, (needed.get(line.area) ?? 0) + line.quantity);
    }
  }
  const held = new Map<string, number>();
  if (order.holdId) {
    for (const row of await o.takeHoldAdmissions(tx, order.holdId))
      held.set(row.area, row.quantity);
  }
  // Areas in a fixed order, as holds take them, so two sales never wait on each other crosswise.
  for (const area of [...new Set([...needed.keys(), ...held.keys()])].sort()) {
    const missing = (needed.get(area) ?? 0) - (held.get(area) ?? 0);
    const take = { performanceId: order.performanceId, area };
    if (missing > 0 && !(await takeCapacity(tx, { ...take, quantity: missing }))) {
      throw new SaleLost();
    }
    if (missing < 0) await o.returnCapacity(tx, { ...take, quantity: -missing });
  }
}

/** Completes the sale of a pending order; throws SaleLost (roll back) when it cannot be. */
export async function completeSale(
  tx: Queryable,
  context: SaleContext,
  orderId: string,
): Promise<SaleOutcome> {
  const first = await o.findOrder(tx, orderId);
  if (!first) throw new Error(`order ${orderId} vanished`);
  const hold = first.holdId ? await lockHold(tx, first.holdId) : undefined;
  const order = (await o.findOrder(tx, orderId, true))!;
  if (order.status === 'confirmed') return { kind: 'already' };
  if (order.status === 'failed') return { kind: 'not_pending' };
  // The hold is gone (released, its hold_id set NULL): the buyer let the seats go, so nothing
  // is sold to this attempt, even if they are still free (a release fails its attempts too).
  if (!order.holdId || !hold) throw new SaleLost();
  // Another attempt sold this hold (one cannot start while another is pending, but a database
  // that says so is what counts).
  if (hold.soldAt) throw new SaleLost();

  const lines = order.basket.tickets;
  const seatIds = lines.flatMap((line) =>
    line.kind === 'seat' && line.seatId ? [line.seatId] : [],
  );
  if (seatIds.length > 0) {
    const { sold, parts } = await o.sellSeats(tx, {
      orderId: order.id,
      holdId: order.holdId,
      performanceId: order.performanceId,
      seatIds,
    });
    // Every seat in every part (both parts of a linked performance), or the sale is lost.
    if (sold !== seatIds.length * parts) throw new SaleLost();
  }
  await settlePlaces(tx, order, lines);
  // The vouchers' share is spent with the sale. A newer attempt on the hold took this one's
  // reservations back: it can no longer be sold (its money is let go as a lost hold's).
  if ((await spendReservations(tx, order.id)) !== order.voucherAmount) throw new SaleLost();
  // Its single-use code likewise (issue 24): spent here, once; taken back, it cannot be sold.
  if (!(await spendSingleUse(tx, order.id))) throw new SaleLost();
  await o.markHoldSold(tx, order.holdId);

  const venue = orderVenue(context.scope, order);
  const tickets = ticketsFor(lines, await o.ticketNames(tx, order.performanceId, seatIds));
  if (order.details.delivery.method === 'eTicket') {
    for (const ticket of tickets) {
      ticket.code = context.signer.sign({
        id: ticket.id,
        orderNumber: order.number,
        performanceId: order.performanceId,
        label: labelOf(ticket),
      });
    }
  }
  await o.insertTickets(tx, order.id, order.performanceId, tickets);

  const accessKey = newAccessKey();
  await o.confirmOrder(tx, order.id, {
    hash: accessKeyHash(accessKey),
    sealed: context.sealer.seal(accessKey, order.id),
  });
  const confirmed = (await o.findOrder(tx, order.id))!;
  const view = await orderView(tx, context.scope, confirmed, accessKey, tickets);
  await queueOrderConfirmation(tx, view, {
    orderUrl: context.orderUrl(order, accessKey),
    venue,
  });
  return { kind: 'sold', view };
}
