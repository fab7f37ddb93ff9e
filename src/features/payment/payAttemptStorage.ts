import { IDEMPOTENCY_KEY_PATTERN } from '@contract/api/constants';
import type { PayMethod } from '@contract/api/paymentMethodKinds';
import { isId } from '@contract/patterns';
import { REGIONS, type Region } from '@contract/regions';
import { tabStorage } from '@/lib/tabStorage';

/**
 * The pay attempt in progress, kept for the tab (sessionStorage) until it has an answer:
 * - its Idempotency-Key and body, so a retry after a lost answer, a second click or a reload
 *   sends the same request and the server answers it once (never a second charge);
 * - once the server asked for 3-D Secure, the order and payment it made, so /checkout/verify can
 *   carry on after the bank's pages sent the browser back (the store is empty by then).
 * The card token is single use and useless without the session; no card details are kept.
 */
export interface PayAttempt {
  region: Region;
  holdId: string;
  idempotencyKey: string;
  basketVersion: string;
  cardToken: string | null;
  /** Issue 15: the method and the amount left after vouchers, as sent (absent: card or nothing). */
  method?: PayMethod;
  amountDue?: number;
  /** Set when the answer was action_required: the browser went to the 3-D Secure step. */
  orderId?: string;
  paymentId?: string;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const optionalId = (value: unknown) => value === undefined || (isString(value) && isId(value));
// Read in the first route (a reload's restore): the method's name is only checked for shape
// here, and against the methods by the payment saga (a lazy chunk) before it is sent.
const isMethod = (value: unknown): value is PayMethod =>
  isString(value) && /^[a-z_]{1,20}$/.test(value);
const isMinor = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function parsePayAttempt(stored: unknown): PayAttempt | null {
  const value = (stored ?? {}) as Partial<Record<keyof PayAttempt, unknown>>;
  const { region, holdId, idempotencyKey, basketVersion, cardToken, orderId, paymentId } = value;
  const { method, amountDue } = value;
  if (
    !isString(region) ||
    !(REGIONS as readonly string[]).includes(region) ||
    !isString(holdId) ||
    !isId(holdId) ||
    !isString(idempotencyKey) ||
    !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey) ||
    !isString(basketVersion) ||
    !(cardToken === null || isString(cardToken)) ||
    !optionalId(orderId) ||
    !optionalId(paymentId) ||
    !(method === undefined || isMethod(method)) ||
    !(amountDue === undefined || isMinor(amountDue))
  )
    return null;
  return {
    region: region as Region,
    holdId,
    idempotencyKey,
    basketVersion,
    cardToken,
    ...(isMethod(method) ? { method } : {}),
    ...(isMinor(amountDue) ? { amountDue } : {}),
    ...(isString(orderId) ? { orderId } : {}),
    ...(isString(paymentId) ? { paymentId } : {}),
  };
}

const attempt = tabStorage('stagedoor.payAttempt', parsePayAttempt);

export const storePayAttempt = (value: PayAttempt): void => attempt.store(value);
export const readPayAttempt = (): PayAttempt | null => attempt.read();
export const forgetPayAttempt = (): void => attempt.forget();
