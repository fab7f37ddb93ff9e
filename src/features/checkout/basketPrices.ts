import type { Basket } from '@contract/api/basket';

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
