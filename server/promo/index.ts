// Promo and presale codes' public module (issue 23): each name listed. Holds, the basket, the
// calendar and memberships judge a code the same way; orders reserve and spend single-use ones.
export { GUEST, mayBuy, promoFits, resolvePromo } from './promo';
export type { PromoBuyer, PromoResolution, PromoRule } from './promo';
export { claimSingleUse, reserveSingleUse, SINGLE_USE_SPENT, spendSingleUse } from './redemptions';
