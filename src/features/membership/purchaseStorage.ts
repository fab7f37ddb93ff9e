import { IDEMPOTENCY_KEY_PATTERN } from '@contract/api/constants';
import { isId, isSlug } from '@contract/patterns';
import { safeReturnPath } from '@/features/auth/authLinks';
import { tabStorage } from '@/lib/tabStorage';

/**
 * The ATG+ purchase attempt in progress, kept for the tab (sessionStorage) until it has an
 * answer, as the order's pay attempt is (payment/payAttemptStorage.ts): its key and body
 * so a retry, a double click or a reload is the same purchase, and once 3-D Secure was asked for,
 * the purchase and payment for /membership/verify. No card details, only the single-use token.
 */
export interface PurchaseAttempt {
  venue: string;
  idempotencyKey: string;
  cardToken: string;
  /** Where the buyer was sent from (a members' presale), to go back to once they have joined. */
  returnTo: string | null;
  purchaseId?: string;
  paymentId?: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const optionalId = (value: unknown): value is string | undefined =>
  value === undefined || (isString(value) && isId(value));

function parsePurchaseAttempt(stored: unknown): PurchaseAttempt | null {
  const value = (stored ?? {}) as Partial<Record<keyof PurchaseAttempt, unknown>>;
  const { venue, idempotencyKey, cardToken, returnTo, purchaseId, paymentId } = value;
  if (
    !isString(venue) ||
    !isSlug(venue) ||
    !isString(idempotencyKey) ||
    !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey) ||
    !isString(cardToken) ||
    !(returnTo === null || (isString(returnTo) && safeReturnPath(returnTo) === returnTo)) ||
    !optionalId(purchaseId) ||
    !optionalId(paymentId)
  )
    return null;
  return {
    venue,
    idempotencyKey,
    cardToken,
    returnTo,
    ...(purchaseId === undefined ? {} : { purchaseId }),
    ...(paymentId === undefined ? {} : { paymentId }),
  };
}

const attempt = tabStorage('stagedoor.atgPurchase', parsePurchaseAttempt);

export const storePurchaseAttempt = (value: PurchaseAttempt): void => attempt.store(value);
export const readPurchaseAttempt = (): PurchaseAttempt | null => attempt.read();
export const forgetPurchaseAttempt = (): void => attempt.forget();
