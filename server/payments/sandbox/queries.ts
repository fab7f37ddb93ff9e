import type { DeclineReason } from '../../../contract/api/payment';
import type { PayMethod } from '../../../contract/api/paymentMethodKinds';
import type { CardBrand } from '../../../contract/cards';
import type { Currency, ProviderState, TokenSource } from '../provider';
import type { SandboxBehaviour } from './testCards';
import type { Queryable } from '../../db/database';

/**
 * The SQL of the built-in sandbox gateway (migration 0008: sandbox_card_tokens,
 * sandbox_payments, sandbox_refunds; 0032: wallet tokens and PayPal orders). The gateway's rules are server/payments/sandbox; keeping its
 * state in the database makes every instance of the server the same gateway.
 */

export interface SandboxPaymentRow {
  ref: string;
  idempotencyKey: string;
  requestHash: string;
  method: PayMethod;
  /** The card's; null for PayPal. */
  brand: CardBrand | null;
  last4: string | null;
  behaviour: SandboxBehaviour | null;
  amount: number;
  currency: Currency;
  state: ProviderState;
  declineReason: DeclineReason | null;
  returnUrl: string;
  deviceDataAt: Date | null;
  challengeResult: 'authenticated' | 'failed' | null;
  /** The buyer's answer on PayPal's approval page. */
  approvalResult: ApprovalResult | null;
  actionExpired: boolean;
  capturedAmount: number;
  refundedAmount: number;
}

/** PayPal's approval page: Approve, Cancel, or "Log in as a declining account". */
export type ApprovalResult = 'approved' | 'cancelled' | 'declining_account';

export interface SpentToken {
  source: TokenSource;
  brand: CardBrand;
  last4: string;
  behaviour: SandboxBehaviour;
}

const PAYMENT_COLUMNS = `ref::text AS ref, idempotency_key AS "idempotencyKey", request_hash AS "requestHash",
  method, brand, last4, approval_result AS "approvalResult", behaviour, amount, currency, state, decline_reason AS "declineReason",
  return_url AS "returnUrl", device_data_at AS "deviceDataAt", challenge_result AS "challengeResult",
  coalesce(action_expires_at <= now(), false) AS "actionExpired",
  captured_amount AS "capturedAmount", refunded_amount AS "refundedAmount"`;

export interface NewCardToken {
  tokenHash: string;
  source: TokenSource;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  behaviour: SandboxBehaviour;
  lifetimeMinutes: number;
}

/** Stores a token (only its hash); returns when it expires. */
export async function insertCardToken(db: Queryable, token: NewCardToken): Promise<Date> {
  const { rows } = await db.query<{ expiresAt: Date }>(
    `INSERT INTO sandbox_card_tokens (token_hash, brand, last4, expiry_month, expiry_year, behaviour,
       expires_at, source)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7::int), $8)
     RETURNING expires_at AS "expiresAt"`,
    [
      token.tokenHash,
      token.brand,
      token.last4,
      token.expiryMonth,
      token.expiryYear,
      token.behaviour,
      token.lifetimeMinutes,
      token.source,
    ],
  );
  return rows[0]!.expiresAt;
}

/** Bounded clean-up of long-dead tokens, so the vault does not grow without a sweeper. */
export async function purgeDeadCardTokens(db: Queryable): Promise<void> {
  await db.query(
    `DELETE FROM sandbox_card_tokens WHERE token_hash IN (
       SELECT token_hash FROM sandbox_card_tokens WHERE expires_at < now() - interval '1 hour' LIMIT 100)`,
  );
}

/** Spends a live, unused token; undefined when it is unknown, used or expired. */
export async function spendCardToken(
  tx: Queryable,
  tokenHash: string,
): Promise<SpentToken | undefined> {
  const { rows } = await tx.query<SpentToken>(
    `UPDATE sandbox_card_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
     RETURNING source, brand, last4, behaviour`,
    [tokenHash],
  );
  return rows[0];
}

export interface NewSandboxPayment {
  ref: string;
  idempotencyKey: string;
  requestHash: string;
  method: PayMethod;
  /** The spent token's card; null for PayPal. */
  token: SpentToken | null;
  amount: number;
  currency: Currency;
  returnUrl: string;
  browser: unknown;
}

/** The new payment, or undefined when another call already created one under the key. */
export async function insertSandboxPayment(
  tx: Queryable,
  payment: NewSandboxPayment,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await tx.query<SandboxPaymentRow>(
    `INSERT INTO sandbox_payments (ref, idempotency_key, request_hash, brand, last4, behaviour,
       amount, currency, state, return_url, browser, method)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processing', $9, $10::jsonb, $11)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${PAYMENT_COLUMNS}`,
    [
      payment.ref,
      payment.idempotencyKey,
      payment.requestHash,
      payment.token?.brand ?? null,
      payment.token?.last4 ?? null,
      payment.token?.behaviour ?? null,
      payment.amount,
      payment.currency,
      payment.returnUrl,
      JSON.stringify(payment.browser),
      payment.method,
    ],
  );
  return rows[0];
}

export async function findSandboxPayment(
  db: Queryable,
  ref: string,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await db.query<SandboxPaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments WHERE ref = $1`,
    [ref],
  );
  return rows[0];
}

export async function findSandboxPaymentByKey(
  db: Queryable,
  idempotencyKey: string,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await db.query<SandboxPaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM sandbox_payments WHERE idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0];
}

/** Captures `amount` of an authorised payment; undefined when it is not authorised or too much. */
export async function captureSandboxPayment(
  db: Queryable,
  ref: string,
  amount: number,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await db.query<SandboxPaymentRow>(
    `UPDATE sandbox_payments SET state = 'captured', captured_amount = $2, updated_at = now()
     WHERE ref = $1 AND state = 'authorised' AND $2 BETWEEN 1 AND amount
     RETURNING ${PAYMENT_COLUMNS}`,
    [ref, amount],
  );
  return rows[0];
}

/**
 * Voids a payment not yet captured (a PayPal order not yet approved too); undefined when its
 * state does not allow it.
 */
export async function voidSandboxPayment(
  db: Queryable,
  ref: string,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await db.query<SandboxPaymentRow>(
    `UPDATE sandbox_payments SET state = 'voided', updated_at = now()
     WHERE ref = $1
       AND state IN ('authorised', 'device_data_required', 'challenge_required', 'approval_required')
     RETURNING ${PAYMENT_COLUMNS}`,
    [ref],
  );
  return rows[0];
}

/** Claims the refund's key; false when the key was used before. */
export async function claimRefundKey(
  tx: Queryable,
  idempotencyKey: string,
  ref: string,
  amount: number,
): Promise<boolean> {
  const claimed = await tx.query(
    `INSERT INTO sandbox_refunds (idempotency_key, ref, amount) VALUES ($1, $2, $3)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key`,
    [idempotencyKey, ref, amount],
  );
  return claimed.rows.length > 0;
}

/** Gives back `amount` of a captured payment; false when its state or amounts refuse it. */
export async function refundSandboxPayment(
  tx: Queryable,
  ref: string,
  amount: number,
): Promise<boolean> {
  const { rows } = await tx.query(
    `UPDATE sandbox_payments SET refunded_amount = refunded_amount + $2, updated_at = now(),
       state = CASE WHEN refunded_amount + $2 = captured_amount THEN 'refunded' ELSE state END
     WHERE ref = $1 AND state = 'captured' AND $2 > 0 AND refunded_amount + $2 <= captured_amount
     RETURNING ref`,
    [ref, amount],
  );
  return rows.length > 0;
}

export async function findRefund(
  db: Queryable,
  idempotencyKey: string,
): Promise<{ ref: string; amount: number } | undefined> {
  const { rows } = await db.query<{ ref: string; amount: number }>(
    'SELECT ref::text AS ref, amount FROM sandbox_refunds WHERE idempotency_key = $1',
    [idempotencyKey],
  );
  return rows[0];
}

/** Voids the attempt under the key unless it is already settled (captured, declined, voided). */
export async function cancelSandboxAttempt(db: Queryable, idempotencyKey: string): Promise<void> {
  await db.query(
    `UPDATE sandbox_payments SET state = 'voided', updated_at = now()
     WHERE idempotency_key = $1
       AND state IN ('processing', 'device_data_required', 'challenge_required', 'approval_required',
         'authorised')`,
    [idempotencyKey],
  );
}

/** Device data arrives once, while the step is open; later posts change nothing. */
export async function recordDeviceData(
  db: Queryable,
  ref: string,
  deviceData: Record<string, unknown>,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_payments SET device_data = $2::jsonb, device_data_at = now(), updated_at = now()
     WHERE ref = $1 AND state = 'device_data_required' AND device_data_at IS NULL
       AND action_expires_at > now()`,
    [ref, JSON.stringify(deviceData)],
  );
}

/** The buyer's answer to the challenge; the first one counts. */
export async function recordChallenge(
  db: Queryable,
  ref: string,
  result: 'authenticated' | 'failed',
): Promise<void> {
  await db.query(
    `UPDATE sandbox_payments SET challenge_result = $2, updated_at = now()
     WHERE ref = $1 AND state = 'challenge_required' AND challenge_result IS NULL
       AND action_expires_at > now()`,
    [ref, result],
  );
}

/** The buyer's answer on PayPal's approval page; the first one counts, while the page is open. */
export async function recordApproval(
  db: Queryable,
  ref: string,
  result: ApprovalResult,
): Promise<void> {
  await db.query(
    `UPDATE sandbox_payments SET approval_result = $2, updated_at = now()
     WHERE ref = $1 AND state = 'approval_required' AND approval_result IS NULL
       AND action_expires_at > now()`,
    [ref, result],
  );
}

export interface SandboxMove {
  from: ProviderState;
  to: ProviderState;
  declineReason: DeclineReason | null;
  /** Opens a 3-D Secure step that expires in `actionMinutes`. */
  startAction: boolean;
  actionMinutes: number;
}

/** Moves the payment only if it is still in `from`; undefined when it was not. */
export async function moveSandboxPayment(
  db: Queryable,
  ref: string,
  move: SandboxMove,
): Promise<SandboxPaymentRow | undefined> {
  const { rows } = await db.query<SandboxPaymentRow>(
    `UPDATE sandbox_payments SET state = $3, decline_reason = $4, updated_at = now(),
       action_expires_at = CASE WHEN $5 THEN now() + make_interval(mins => $6::int) END
     WHERE ref = $1 AND state = $2
     RETURNING ${PAYMENT_COLUMNS}`,
    [ref, move.from, move.to, move.declineReason, move.startAction, move.actionMinutes],
  );
  return rows[0];
}
