import type { Basket } from '@contract/api/basket';
import { IDEMPOTENCY_HEADER } from '@contract/api/constants';
import type {
  AppHandover,
  OrderResponse,
  OrderView,
  PayBody,
  PayConflict,
  PayResponse,
} from '@contract/api/orders';
import type { PaymentMethods } from '@contract/api/paymentMethods';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { ApiError } from './errors';
import type { WriteContext } from './holds';
import { csrfHeaders } from './session';

/** Orders and the pay request of a regional booking API (issue 5, contract/api/orders.ts). */

const seg = encodeURIComponent;

/**
 * The pay and continue calls wait on the payment provider, which the server gives up on after
 * `PAYMENT_PROVIDER_TIMEOUT_MS` (30 s, at most 50 s): the browser waits longer than that, so the
 * server's own `timed_out` answer arrives rather than a client-side timeout.
 */
export const PAY_REQUEST_TIMEOUT_MS = 60_000;

/** 409 price_changed of the pay request, with the basket as the server now prices it. */
export class PriceChangedError extends ApiError {
  constructor(readonly basket: Basket | undefined) {
    super('http', 409, 'price_changed');
  }
}

/**
 * 409 amount_due_changed of the pay request (issue 15): the applied vouchers now give less, with
 * the payment options as they are now; nothing was reserved or charged.
 */
export class AmountDueChangedError extends ApiError {
  constructor(readonly paymentMethods: PaymentMethods | undefined) {
    super('http', 409, 'amount_due_changed');
  }
}

function conflict(body: PayConflict): ApiError {
  if (body.code === 'price_changed') return new PriceChangedError(body.basket);
  if (body.code === 'amount_due_changed') return new AmountDueChangedError(body.paymentMethods);
  return new ApiError('http', 409, body.code);
}

/**
 * Pays for the hold's basket; the Idempotency-Key makes a retry of this attempt the same one. A
 * 409 is read here rather than by the shared error handler, because a price change carries the
 * new basket, which the price-change alert shows without asking for it again.
 */
export function payForHold(
  region: Region,
  holdId: string,
  body: PayBody,
  { csrfToken, idempotencyKey }: WriteContext,
): Promise<PayResponse> {
  return bookingApi(region)
    .post<PayResponse | PayConflict>(`/holds/${seg(holdId)}/order`, body, {
      timeout: PAY_REQUEST_TIMEOUT_MS,
      headers: { ...csrfHeaders(csrfToken), [IDEMPOTENCY_HEADER]: idempotencyKey },
      validateStatus: (status) => (status >= 200 && status < 300) || status === 409,
    })
    .then((response) => {
      if (response.status === 409) throw conflict(response.data as PayConflict);
      return response.data as PayResponse;
    });
}

/** After a 3-D Secure step, back on /checkout/verify: asks the server what the payment came to. */
export function continuePayment(
  region: Region,
  orderId: string,
  paymentId: string,
  csrfToken: string,
): Promise<PayResponse> {
  return bookingApi(region)
    .post<PayResponse>(
      `/orders/${seg(orderId)}/payments/${seg(paymentId)}/continue`,
      {},
      { timeout: PAY_REQUEST_TIMEOUT_MS, headers: csrfHeaders(csrfToken) },
    )
    .then((response) => response.data);
}

/** The order, to the session that bought it or to anyone with its secret link's key. */
export function getOrder(
  region: Region,
  orderId: string,
  key: string | undefined,
  signal?: AbortSignal,
): Promise<OrderView> {
  return bookingApi(region)
    .get<OrderResponse>(`/orders/${seg(orderId)}`, {
      signal,
      params: key === undefined ? undefined : { key },
    })
    .then((response) => response.data.order);
}

/** A one-time token that opens the order's tickets in the app (deep link and web link). */
export function requestAppHandover(
  region: Region,
  orderId: string,
  csrfToken: string,
): Promise<AppHandover> {
  return bookingApi(region)
    .post<AppHandover>(
      `/orders/${seg(orderId)}/app-handover`,
      {},
      { headers: csrfHeaders(csrfToken) },
    )
    .then((response) => response.data);
}
