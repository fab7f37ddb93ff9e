import type { RootState } from '@/app/store';

/**
 * What the hold's clock and its leave prompts must know of a payment. They run on every page and
 * the payment slice loads with the checkout, so these read the state without it: no slice yet
 * means no payment. A feature of its own (issue 23): the payment capability knows the hold, so
 * the hold asks here, never features/payment, and the two never depend on each other.
 */

/**
 * A payment the server may be working on: the hold must not be let go meanwhile. That includes an
 * attempt whose answer was lost and waits to be sent again under its key: the server kept the
 * hold for it and may have confirmed it, which "Try again" would learn.
 */
export function selectPaymentInFlight(state: RootState): boolean {
  const payment = state.payment;
  if (payment === undefined) return false;
  const { status, retryPending } = payment;
  return status === 'paying' || status === 'redirecting' || (status === 'aborted' && retryPending);
}

/** The shop itself is sending the browser to the bank's 3-D Secure page; it comes back. */
export function selectPaymentRedirecting(state: RootState): boolean {
  return state.payment?.status === 'redirecting';
}

/** The payment slice has loaded: with the checkout, or a reload asking about a lost pay answer. */
export function selectPaymentLoaded(state: RootState): boolean {
  return state.payment !== undefined;
}
