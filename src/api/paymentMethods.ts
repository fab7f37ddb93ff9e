import type { ApplyVoucherBody, PaymentMethods } from '@contract/api/paymentMethods';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { csrfHeaders } from './session';

/**
 * The payment step's options and the gift vouchers and gift cards applied to a hold (issue 15,
 * contract/api/paymentMethods.ts). Every answer is the whole PaymentMethods, so the step never
 * works out what is left to pay itself.
 */

const seg = encodeURIComponent;

export function getPaymentMethods(
  region: Region,
  holdId: string,
  signal?: AbortSignal,
): Promise<PaymentMethods> {
  return bookingApi(region)
    .get<PaymentMethods>(`/holds/${seg(holdId)}/payment-methods`, { signal })
    .then((response) => response.data);
}

/** Applying reserves nothing, so sending it twice only meets 409 voucher_already_applied. */
export function applyVoucher(
  region: Region,
  holdId: string,
  body: ApplyVoucherBody,
  csrfToken: string,
): Promise<PaymentMethods> {
  return bookingApi(region)
    .post<PaymentMethods>(`/holds/${seg(holdId)}/vouchers`, body, {
      headers: csrfHeaders(csrfToken),
    })
    .then((response) => response.data);
}

export function removeVoucher(
  region: Region,
  holdId: string,
  voucherId: string,
  csrfToken: string,
): Promise<PaymentMethods> {
  return bookingApi(region)
    .delete<PaymentMethods>(`/holds/${seg(holdId)}/vouchers/${seg(voucherId)}`, {
      headers: csrfHeaders(csrfToken),
    })
    .then((response) => response.data);
}
