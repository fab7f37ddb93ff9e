/**
 * The navigation state "Try again" on the failure page sends to the payment step: the buyer is
 * back to fix the card, so the step puts the caret in its first field.
 */
export const RETRY_AFTER_DECLINE = { retryAfterDecline: true } as const;

export function isRetryAfterDecline(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { retryAfterDecline?: unknown }).retryAfterDecline === true
  );
}
