import type { FindTicketsBody } from '@contract/api/findTickets';
import { serviceApi } from './client';
import { csrfHeaders } from './session';

/**
 * Find my tickets (issue 25, contract/api/findTickets.ts): asks for an order's confirmation
 * email again. The answer is the same whether or not the pair matches an order.
 */
export function requestTicketsAgain(body: FindTicketsBody, csrfToken: string): Promise<void> {
  return serviceApi('customer-accounts')
    .post('/find-tickets', body, { headers: csrfHeaders(csrfToken) })
    .then(() => undefined);
}
