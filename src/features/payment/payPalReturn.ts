/**
 * The navigation state /checkout/verify sends the payment step after PayPal's Cancel: the buyer
 * is back with the same hold to choose again, and the step says nothing was taken.
 */
export const PAYPAL_CANCELLED = { payPalCancelled: true } as const;

export function isPayPalCancelled(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { payPalCancelled?: unknown }).payPalCancelled === true
  );
}
