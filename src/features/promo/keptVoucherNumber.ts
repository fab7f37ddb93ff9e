import { tabStorage } from '@/lib/tabStorage';

/**
 * A gift voucher or gift card number typed into the calendar's promo box (issue 15): the
 * calendar answers `giftVoucher`, and the number waits here, for this tab, until the payment
 * step opens its voucher panel with it. Only the number: its code is never typed there.
 */
const kept = tabStorage<string>('stagedoor.voucherNumber', (value) =>
  typeof value === 'string' && /^[A-Za-z0-9 -]{1,64}$/.test(value) ? value : null,
);

export const keepVoucherNumber = (number: string) => kept.store(number);
export const readKeptVoucherNumber = () => kept.read();
export const forgetKeptVoucherNumber = () => kept.forget();
