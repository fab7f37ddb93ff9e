import type { DeliveryMethod } from '../../contract/api/checkout';
import type { PromoRule } from '../promo';

/**
 * The price rule's TypeScript half: everything the server computes about money outside SQL.
 *
 * A ticket's price is the database's (server/db/functions/pricing.sql): face value, less a promo
 * code's percentage rounded half up, plus the venue's per-ticket booking fee, never discounted.
 * Every query prices tickets with those functions, so nothing here adds a fee to a face value.
 * What is here: how a code's discount reaches a query, the order's fees (transaction fee and its
 * member waiver, ticket protection) and the sums of a basket.
 */

/**
 * A code's discount on one ticket: a percentage of the face value, rounded half up to the minor
 * unit; fees are never discounted. Prices are discounted in the database by the same rule
 * (`ticket_all_in_price`), which every query uses; this is the rule for code that reasons about
 * a discount without a query, and the tests hold the two together.
 */
export function promoDiscount(faceValue: number, rule: PromoRule | null): number {
  if (rule === null || rule.discountPercent === 0) return 0;
  return Math.round((faceValue * rule.discountPercent) / 100);
}

/**
 * A promo code's discount, and which performances it is for (presales or general sale). The
 * basket's price rule makes it and the calendar's query applies it: it is declared here, with
 * the rule, so the basket knows nothing of the calendar (issue 23).
 */
export interface CalendarDiscount {
  percent: number;
  presale: boolean;
}

/**
 * The discount the calendar prices a month with: the code's percentage, for the performances it
 * fits (presales for a presale code, general sale for a promo code; the query applies that).
 */
export function calendarDiscount(rule: PromoRule | null): CalendarDiscount | null {
  return rule === null ? null : { percent: rule.discountPercent, presale: rule.kind === 'presale' };
}

/** A basket line: its unit price (already all-in) times how many. */
export function lineTotal(unitPrice: number, quantity: number): number {
  return unitPrice * quantity;
}

/** Ticket protection: a fee per ticket, charged only when the buyer said yes. */
export function protectionAmount(
  choice: 'yes' | 'no' | 'undecided',
  feePerTicket: number,
  tickets: number,
): number {
  return choice === 'yes' ? feePerTicket * tickets : 0;
}

/**
 * The member fee waiver (spec §6): a buyer in a scheme that waives it pays no per-order
 * transaction fee; guests pay it.
 */
export function transactionFee(venueFee: number, waivedForBuyer: boolean): number {
  return waivedForBuyer ? 0 : venueFee;
}

/**
 * What a delivery method adds to the order. No venue charges for one today (the catalogue has
 * no delivery prices); the basket still carries the amount so the buyer sees "Free" and a
 * charge, once a venue has one, arrives in the total through this one place.
 */
export function deliveryCharge(_method: DeliveryMethod): number {
  return 0;
}

/** What the buyer pays: every line, ticket protection, the transaction fee and delivery. */
export function basketTotal(parts: {
  tickets: readonly { lineTotal: number }[];
  extras: readonly { lineTotal: number }[];
  ticketProtection: { amount: number } | null;
  transactionFee: number;
  delivery: { amount: number } | null;
}): number {
  return (
    parts.tickets.reduce((sum, line) => sum + line.lineTotal, 0) +
    parts.extras.reduce((sum, line) => sum + line.lineTotal, 0) +
    (parts.ticketProtection?.amount ?? 0) +
    parts.transactionFee +
    (parts.delivery?.amount ?? 0)
  );
}
