// What other capabilities may call of vouchers: every name is listed, none re-exported wholesale.
export { applyVoucher, paymentMethodsOf, removeVoucher } from './apply';
export type { VoucherContext } from './apply';
export { allocateForAttempt, reserveForAttempt } from './pay';
export { recogniseVoucher } from './promoBox';
export { insertVoucher, spendReservations, spentVouchers } from './queries';
export { DEFAULT_VOUCHER_THROTTLE, VoucherThrottledError } from './throttle';
export type { VoucherThrottleSettings } from './throttle';
export { normaliseVoucherText, voucherCodeHash, voucherCodeKey } from './vouchers';
