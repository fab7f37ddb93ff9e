// What other capabilities may call of basket: every name is listed, none re-exported wholesale.
export { readBasket } from './basket';
export type { BasketScope } from './basket';
export { calendarDiscount, promoDiscount } from './pricing';
