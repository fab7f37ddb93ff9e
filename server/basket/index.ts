// The basket's public module (issue 23): what other capabilities may ask of it, each name listed.
// The details, vouchers and orders read the priced basket; the calendar (its discount shape too)
// and promo tests share its price rule.
export { readBasket } from './basket';
export type { BasketScope } from './basket';
export { calendarDiscount, promoDiscount } from './pricing';
export type { CalendarDiscount } from './pricing';
