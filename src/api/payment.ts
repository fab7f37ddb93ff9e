import type {
  ApplePayMerchantSession,
  ApplePaySessionBody,
  CardToken,
  TokeniseBody,
} from '@contract/api/payment';
import { serviceApi } from './client';
import { csrfHeaders } from './session';

/**
 * The payment service's one browser call (issue 5): the card details go to the payment
 * service's own base address and nowhere else (PCI DSS keeps them out of the booking API), and a
 * single-use token comes back for the pay request.
 *
 * Sent by fetch with `credentials: 'omit'`: the payment service needs no cookie, and XHR would
 * attach the booking session's cookie whenever both share an origin (as on `npm start`). No
 * header beyond Content-Type goes with it, so a payment service hosted apart answers the CORS
 * preflight it allows (POST, content-type) and nothing else.
 */
export function tokeniseCard(body: TokeniseBody): Promise<CardToken> {
  const api = serviceApi('payment');
  // Absolute, because fetch outside a page (tests under Node) has no document to resolve against.
  const url = new URL(`${api.defaults.baseURL ?? ''}/tokens`, window.location.href).href;
  return api
    .post<CardToken>(url, body, {
      adapter: 'fetch',
      withCredentials: false,
      // false drops a header axios would add itself (User-Agent under Node).
      headers: { 'User-Agent': false },
    })
    .then((response) => response.data);
}

/**
 * Apple Pay merchant validation (issue 24): Apple's `validationURL` for the sheet just opened,
 * answered by the payment service with Apple's merchant session. Unlike /tokens it acts with the
 * shop's merchant certificate, so it is the booking session's call: cookie and CSRF header.
 */
export function createApplePaySession(
  body: ApplePaySessionBody,
  csrfToken: string,
): Promise<ApplePayMerchantSession> {
  return serviceApi('payment')
    .post<ApplePayMerchantSession>('/apple-pay/session', body, {
      headers: csrfHeaders(csrfToken),
      withCredentials: true,
    })
    .then((response) => response.data);
}
