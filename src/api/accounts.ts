import type { AccountResponse, CreateAccountBody, VerifyAccountBody } from '@contract/api/accounts';
import { serviceApi } from './client';
import { csrfHeaders } from './session';

/**
 * The customer-accounts service (issue 5): a guest turns the order just bought into an account.
 * The session cookie (httpOnly) proves the buyer owns the order; the CSRF token goes as a header.
 * The account is unverified until the link emailed to the order's address is opened.
 */
export function createAccount(
  body: CreateAccountBody,
  csrfToken: string,
): Promise<AccountResponse> {
  return serviceApi('customer-accounts')
    .post<AccountResponse>('/accounts', body, { headers: csrfHeaders(csrfToken) })
    .then((response) => response.data);
}

/**
 * Activates the account of an emailed link. No session: the link may be opened on another
 * device than the one that booked; the token in the body is the proof.
 */
export function verifyAccount(body: VerifyAccountBody): Promise<AccountResponse> {
  return serviceApi('customer-accounts')
    .post<AccountResponse>('/accounts/verify', body)
    .then((response) => response.data);
}
