// Vouchers' public module (issue 23): each name listed. The payment step applies them, the pay
// request reserves and spends them, the promo box recognises one, the demo data makes some.
export { applyVoucher, paymentMethodsOf, removeVoucher } from './apply';
export type { VoucherContext } from './apply';
export { allocateForAttempt, reserveForAttempt } from './pay';
export { recogniseVoucher } from './promoBox';
export { insertVoucher, spendReservations, spentVouchers } from './queries';
export { DEFAULT_VOUCHER_THROTTLE, VoucherThrottledError } from './throttle';
export type { VoucherThrottleSettings } from './throttle';
export { normaliseVoucherText, voucherCodeHash, voucherCodeKey } from './vouchers';
