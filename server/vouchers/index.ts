// Vouchers' public module (issue 23): each name listed. The pay request reserves and spends them,
// the promo box recognises one, the calendar shares the guessing throttle, the demo data makes
// some. (The payment step applies them through vouchers' own routes.ts.)
export { allocateForAttempt, reserveForAttempt } from './pay';
export { recogniseVoucher } from './promoBox';
export { insertVoucher, spendReservations, spentVouchers } from './queries';
export { DEFAULT_VOUCHER_THROTTLE } from './throttle';
export type { VoucherThrottleSettings } from './throttle';
export { normaliseVoucherText, voucherCodeHash, voucherCodeKey } from './vouchers';
