import type { Basket, DeliveryLine, ExtraLine, TicketLine } from '@contract/api/basket';

type FeeWaiver = NonNullable<Basket['transactionFeeWaiver']>;

/**
 * What one unit of everything costs, leaving out what the buyer chose (quantities, the
 * protection answer). Two baskets with the same price list differ only by the buyer's own
 * choices; a different list means a price or fee moved under them.
 */
function priceList(basket: Basket): string {
  return JSON.stringify([
    basket.currency,
    basket.tickets.map((line) => [
      line.seatId ?? line.area,
      line.priceOption,
      line.quantity,
      line.unitPrice,
    ]),
    basket.upsellsOffered.map((offer) => [offer.id, offer.unitPrice]),
    basket.ticketProtection?.feePerTicket ?? null,
    basket.transactionFee,
  ]);
}

export function samePrices(a: Basket, b: Basket): boolean {
  return priceList(a) === priceList(b);
}

/**
 * The fee waiver `after` newly carries when nothing else moved: the buyer became a member the
 * scheme spares the fee (signed in mid-checkout), so they pay less and nothing else changed.
 * Null for any other difference, which is a price change to review.
 */
export function newFeeWaiver(before: Basket, after: Basket): FeeWaiver | null {
  const waiver = after.transactionFeeWaiver;
  if (waiver === null || before.transactionFeeWaiver !== null) return null;
  if (before.holdId !== after.holdId) return null;
  if (after.transactionFee !== before.transactionFee - waiver.amount) return null;
  return samePrices({ ...after, transactionFee: before.transactionFee }, before) ? waiver : null;
}

/** Tickets of one kind at one all-in price: "2 × Band A, £87.50 each" and the seats it covers. */
export interface TicketGroup {
  kind: 'tickets';
  /** The basket's lines in the group: one per seat, or one admission line. */
  lines: TicketLine[];
  quantity: number;
  /** All-in price of one ticket (face value plus booking fee). */
  unitPrice: number;
  amount: number;
}

/**
 * One line of what the buyer pays. Every amount the total is made of is one of these, so the
 * lines on screen always add up to the total (DMCC Act 2024 drip pricing, FTC fees rule 2025);
 * the venue's flags only change how a line is described.
 */
export type PriceLine =
  | TicketGroup
  | { kind: 'extra'; extra: ExtraLine; amount: number }
  | { kind: 'ticketProtection'; tickets: number; amount: number }
  | { kind: 'transactionFee'; amount: number }
  /** A member's fee waiver (issue 14): minus the fee above, so the saving is a line of its own. */
  | { kind: 'feeWaiver'; scheme: FeeWaiver['scheme']; amount: number }
  | { kind: 'delivery'; method: DeliveryLine['method']; amount: number };

/** Seats at the same price option and price share a line; each admission line is its own. */
function ticketGroups(tickets: TicketLine[]): TicketGroup[] {
  const groups = new Map<string, TicketGroup>();
  for (const line of tickets) {
    const key =
      line.kind === 'seat'
        ? JSON.stringify(['seat', line.priceOption, line.unitPrice])
        : JSON.stringify(['admission', line.area, line.priceOption, line.unitPrice]);
    const group = groups.get(key);
    if (group === undefined)
      groups.set(key, {
        kind: 'tickets',
        lines: [line],
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: line.lineTotal,
      });
    else {
      group.lines.push(line);
      group.quantity += line.quantity;
      group.amount += line.lineTotal;
    }
  }
  return [...groups.values()];
}

/**
 * The basket as lines: tickets, extras, ticket protection when taken, the transaction fee when
 * charged or waived (then the waiver beneath it, taking it off again), and delivery once chosen (shown even when free, so "Free" is said rather than implied).
 */
export function priceLines(basket: Basket): PriceLine[] {
  const lines: PriceLine[] = [
    ...ticketGroups(basket.tickets),
    ...basket.extras.map((extra) => ({ kind: 'extra' as const, extra, amount: extra.lineTotal })),
  ];
  const protection = basket.ticketProtection;
  if (protection !== null && protection.choice === 'yes')
    lines.push({
      kind: 'ticketProtection',
      tickets: protection.tickets,
      amount: protection.amount,
    });
  const waiver = basket.transactionFeeWaiver;
  const fee = basket.transactionFee + (waiver?.amount ?? 0);
  if (fee > 0) lines.push({ kind: 'transactionFee', amount: fee });
  if (waiver !== null && waiver.amount > 0)
    lines.push({ kind: 'feeWaiver', scheme: waiver.scheme, amount: -waiver.amount });
  if (basket.delivery !== null)
    lines.push({
      kind: 'delivery',
      method: basket.delivery.method,
      amount: basket.delivery.amount,
    });
  return lines;
}
