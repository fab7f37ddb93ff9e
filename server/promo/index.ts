// What other capabilities may call of promo: every name is listed, none re-exported wholesale.
export { GUEST, mayBuy, promoFits, resolvePromo } from './promo';
export type { PromoBuyer, PromoResolution, PromoRule } from './promo';
