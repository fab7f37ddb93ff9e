/** Which parts of a ticket's price the venue shows beside the all-in price (spec §3 flags). */
export interface PriceDisplay {
  displayPriceBreakdown: boolean;
  shouldShowFaceValue: boolean;
}

/**
 * Whether the venue's buyers are told a ticket's face value: the seat map, the tickets page and
 * the basket answer with it only then (shouldShowFaceValue, or the breakdown that names it).
 */
export const showsFaceValue = (display: PriceDisplay): boolean =>
  display.shouldShowFaceValue || display.displayPriceBreakdown;
