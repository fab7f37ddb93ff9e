import { createHash } from 'node:crypto';
import type {
  Basket,
  DeliveryLine,
  ExtraLine,
  PutBasketBody,
  TicketLine,
  TicketProtectionLine,
} from '../../contract/api/basket';
import { normaliseId } from '../../contract/api/common';
import { partsOf } from '../lib/performanceParts';
import { TICKET_PROTECTION } from '../../contract/api/products';
import { deliverySchema } from '../../contract/api/checkout';
import { CARD_BRANDS } from '../../contract/cards';
import type { Queryable } from '../db/database';
import * as b from './queries';
import {
  admissionPrices,
  type AdmissionPriceRow,
  type HoldRow,
  returnExpiredAdmissions,
} from '../holds';
import { ApiError } from '../lib/errors';
import { dropPromoCode, ownHold, type HoldScope } from '../holds';
import {
  basketTotal,
  deliveryCharge,
  lineTotal,
  protectionAmount,
  transactionFee,
} from './pricing';
import { buyerOfSessionId } from '../members';
import type { PromoBuyer } from '../promo';
import { showsFaceValue, type PriceDisplay } from '../lib/priceDisplay';

/**
 * The basket of a live hold (issue 5): its tickets at their all-in prices, the extras and the
 * ticket protection the buyer chose, the per-order transaction fee, the delivery method once
 * chosen (details step) and the total, with the performance it is for. Priced afresh
 * from the catalogue on every read; only the buyer's choices are stored (basket_choices,
 * basket_upsells). Unit prices come from the database's price rule; line totals, fees and the
 * total come from pricing.ts; this module only assembles the lines.
 */

export type { PriceDisplay };

export interface BasketScope extends HoldScope {
  displayFor(venueSlug: string): PriceDisplay;
}

const invalid = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', message, [field]);

/**
 * The caller's live hold, with the same answers as reading the hold (holds/holds.ts): another
 * session's or region's is 404, an expired one 410 (its admissions are given back first).
 */
async function liveHold(
  db: Queryable,
  scope: HoldScope,
  sessionId: string,
  holdId: string,
  lock: boolean,
): Promise<HoldRow> {
  const row = await ownHold(db, scope, sessionId, holdId, lock);
  if (!row.live) {
    if (row.admissionCount > 0 && !lock) {
      await returnExpiredAdmissions(db, { performanceId: row.performanceId });
    }
    throw new ApiError(410, 'hold_expired', 'This hold has expired.');
  }
  return row;
}

function ticketLines(
  seats: b.SeatPriceRow[],
  admissions: AdmissionPriceRow[],
  display: PriceDisplay,
): TicketLine[] {
  const showFace = showsFaceValue(display);
  const shown = (faceValue: number, bookingFee: number) => ({
    faceValue: showFace ? faceValue : null,
    bookingFee: display.displayPriceBreakdown ? bookingFee : null,
  });
  return [
    ...seats.map((seat) => ({
      kind: 'seat' as const,
      seatId: seat.seatId,
      section: seat.section,
      row: seat.row,
      number: seat.number,
      priceBand: seat.priceBand,
      area: null,
      priceOption: seat.priceOption,
      priceOptionName: seat.priceOptionName,
      quantity: 1,
      unitPrice: seat.unitPrice,
      ...shown(seat.faceValue, seat.bookingFee),
      lineTotal: lineTotal(seat.unitPrice, 1),
    })),
    ...admissions.map((admission) => ({
      kind: 'admission' as const,
      seatId: null,
      section: null,
      row: null,
      number: null,
      priceBand: null,
      area: admission.area,
      priceOption: admission.priceOption,
      priceOptionName: admission.priceOptionName,
      quantity: admission.quantity,
      unitPrice: admission.unitPrice,
      ...shown(admission.faceValue, admission.bookingFee),
      lineTotal: lineTotal(admission.unitPrice, admission.quantity),
    })),
  ];
}

function extraLines(offered: b.UpsellRow[], chosen: Map<string, number>): ExtraLine[] {
  // An extra no longer offered (the seats changed zone, the product was withdrawn) drops out
  // of the basket rather than being charged for.
  return offered.flatMap((upsell) => {
    const quantity = chosen.get(upsell.id);
    if (!quantity) return [];
    return [
      {
        upsellId: upsell.id,
        kind: upsell.kind,
        name: upsell.name,
        priceZone: upsell.priceZone,
        unitPrice: upsell.unitPrice,
        quantity,
        lineTotal: lineTotal(upsell.unitPrice, quantity),
      },
    ];
  });
}

function protectionLine(
  fees: b.OrderFees,
  chosen: boolean | null,
  tickets: number,
): TicketProtectionLine | null {
  if (!fees.protection) return null;
  const { productId, label, feePerTicket } = fees.protection;
  const choice = chosen === null ? 'undecided' : chosen ? 'yes' : 'no';
  return {
    productId,
    label,
    choice,
    feePerTicket,
    tickets,
    amount: protectionAmount(choice, feePerTicket, tickets),
  };
}

/**
 * The delivery method stored with the hold's details and its charge. A stored value that no
 * longer parses counts as not chosen, as the details step reads it (details/details.ts).
 */
function deliveryLine(stored: unknown): DeliveryLine | null {
  const parsed = deliverySchema.safeParse(stored);
  if (!parsed.success) return null;
  const { method } = parsed.data;
  return { method, amount: deliveryCharge(method) };
}

/**
 * Digest of what the buyer pays for: equal versions mean equal prices, fees and choices. The
 * delivery method is left out (the details step saves it without reading the basket, so a new
 * method must not look like a price change to the SPA); its charge is in the total.
 */
function basketVersion(
  priced: Omit<
    Basket,
    'version' | 'upsellsOffered' | 'acceptedCardBrands' | 'performance' | 'delivery'
  >,
): string {
  return createHash('sha256').update(JSON.stringify(priced)).digest('base64url');
}

/**
 * The member fee waiver (spec §6, pricing.ts): a signed-in buyer whose membership's benefits
 * hold now, in a scheme that waives it (membership_schemes: ATG+ and Access), pays no
 * transaction fee, and the basket carries what was waived as its own line. Guests pay it. No
 * query when there is nothing to waive or no scheme to ask about.
 */
async function transactionFeeFor(
  db: Queryable,
  fee: number,
  buyer: PromoBuyer,
): Promise<{ fee: number; waiver: Basket['transactionFeeWaiver'] }> {
  if (fee === 0 || buyer.memberships.length === 0) return { fee, waiver: null };
  const scheme = await b.schemeWaivingTransactionFee(db, buyer.memberships);
  const charged = transactionFee(fee, scheme !== null);
  if (scheme !== 'atg-plus' && scheme !== 'access') return { fee: charged, waiver: null };
  return { fee: charged, waiver: { amount: fee - charged, scheme } };
}

async function priceBasket(
  db: Queryable,
  scope: BasketScope,
  hold: HoldRow,
  buyer: PromoBuyer,
): Promise<Basket> {
  const [seats, admissions, offered, fees, choices, performance, chosen] = await Promise.all([
    hold.seatCount > 0 ? b.seatPrices(db, hold) : Promise.resolve([]),
    hold.admissionCount > 0 ? admissionPrices(db, hold) : Promise.resolve([]),
    b.offeredUpsells(db, hold),
    b.orderFees(db, hold, TICKET_PROTECTION.id),
    b.basketChoices(db, hold.id),
    b.basketPerformance(db, hold),
    b.chosenDelivery(db, hold.id),
  ]);
  const tickets = ticketLines(seats, admissions, scope.displayFor(hold.venueSlug));
  const extras = extraLines(offered, choices.upsells);
  const ticketCount = tickets.reduce((sum, line) => sum + line.quantity, 0);
  const ticketProtection = protectionLine(fees, choices.ticketProtection, ticketCount);
  const { fee, waiver } = await transactionFeeFor(db, fees.transactionFee, buyer);
  const delivery = deliveryLine(chosen);
  // The waiver is priced content: a membership that lapses mid-basket moves the version.
  const priced = {
    holdId: hold.id,
    currency: hold.currency,
    tickets,
    extras,
    ticketProtection,
    transactionFee: fee,
    transactionFeeWaiver: waiver,
    total: basketTotal({ tickets, extras, ticketProtection, transactionFee: fee, delivery }),
  };
  return {
    ...priced,
    performance: {
      id: hold.performanceId,
      title: performance.title,
      venueName: performance.venueName,
      startsAt: performance.startsAt.toISOString(),
      ...partsOf({ id: hold.performanceId, ...performance }),
      timezone: performance.timezone,
    },
    delivery,
    version: basketVersion(priced),
    acceptedCardBrands: seats.some((seat) => seat.amexOnly) ? ['amex'] : [...CARD_BRANDS],
    upsellsOffered: offered.map((upsell) => ({ ...upsell })),
  };
}

/**
 * GET: the basket of the caller's live hold, priced for the session's account as it is now
 * (its members' benefits; a guest's prices once signed out or lapsed), wherever it is read: the
 * basket, the details step and the pay request's version check agree.
 */
export async function readBasket(
  db: Queryable,
  scope: BasketScope,
  sessionId: string,
  holdId: string,
): Promise<Basket> {
  const hold = await liveHold(db, scope, sessionId, holdId, false);
  return priceBasket(db, scope, hold, await buyerOfSessionId(db, sessionId));
}

/**
 * PUT: records the buyer's choices (each field given replaces its part) and returns the basket.
 * 400 for an extra this hold is not offered or one listed twice, or protection when it is not
 * offered. Runs in a transaction holding the hold's row lock, so it serialises with extend and
 * release.
 */
export async function updateBasket(
  tx: Queryable,
  scope: BasketScope,
  sessionId: string,
  holdId: string,
  body: PutBasketBody,
): Promise<Basket> {
  let hold = await liveHold(tx, scope, sessionId, holdId, true);
  if (body.promoCode === null && (await dropPromoCode(tx, hold.id)) === 'presale') {
    throw new ApiError(
      403,
      'presale_required',
      'This performance is in a presale: its presale code cannot be taken off.',
    );
  }
  if (body.promoCode === null) hold = { ...hold, promoCode: null, discountPercent: 0 };
  if (body.upsells !== undefined) {
    const asked = body.upsells.map((upsell) => ({ ...upsell, id: normaliseId(upsell.id) }));
    if (new Set(asked.map((upsell) => upsell.id)).size !== asked.length) {
      throw invalid('body.upsells', 'An extra is listed twice.');
    }
    const offered = new Set((await b.offeredUpsells(tx, hold)).map((upsell) => upsell.id));
    if (asked.some((upsell) => !offered.has(upsell.id))) {
      throw invalid('body.upsells', 'An extra is not offered with these tickets.');
    }
    await b.replaceUpsells(
      tx,
      hold.id,
      asked.filter((upsell) => upsell.quantity > 0),
    );
  }
  if (body.ticketProtection !== undefined) {
    const fees = await b.orderFees(tx, hold, TICKET_PROTECTION.id);
    if (!fees.protection) {
      throw invalid('body.ticketProtection', 'Ticket protection is not offered for this order.');
    }
    await b.saveTicketProtection(tx, hold.id, body.ticketProtection === 'yes');
  }
  return priceBasket(tx, scope, hold, await buyerOfSessionId(tx, sessionId));
}
