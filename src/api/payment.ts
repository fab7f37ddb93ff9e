import type { CardToken, TokeniseBody } from '@contract/api/payment';
import { serviceApi } from './client';

/**
 * The payment service's one browser call (issue 5): the card details go to the payment
 * service's own base address and nowhere else (PCI DSS keeps them out of the booking API), and a
 * single-use token comes back for the pay request.
 *
 * Sent with `credentials: 'omit'`: the payment service needs no cookie, and the browser would
 * attach the booking session's cookie whenever both share an origin (as on `npm start`). No
 * header beyond Content-Type goes with it, so a payment service hosted apart answers the CORS
 * preflight it allows (POST, content-type) and nothing else.
 */
export function tokeniseCard(body: TokeniseBody): Promise<CardToken> {
  return serviceApi('payment')
    .post<CardToken>('/tokens', body, { credentials: 'omit' })
    .then((response) => response.data);
}
