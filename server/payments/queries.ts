import type { Money } from '../../contract/api/common';
import type { DeclineReason, PaymentActionKind, PaymentStatus } from '../../contract/api/payment';
import type { PayMethod } from '../../contract/api/paymentMethodKinds';
import type { CardBrand } from '../../contract/cards';
import type { Queryable } from '../db/database';

/**
 * The SQL of our payment records (migration 0008): one per attempt, written before the provider
 * is asked and moved only forward by its answers (server/payments/service.ts says how far).
 */

/** Our record's status: `pending` until the provider first answers (never shown to a client). */
export type RecordStatus = PaymentStatus | 'pending';

export interface PaymentRecord {
  id: string;
  providerRef: string | null;
  status: RecordStatus;
  method: PayMethod;
  amount: number;
  currency: Money['currency'];
  declineReason: DeclineReason | null;
  cardBrand: CardBrand | null;
  cardLast4: string | null;
  capturedAmount: number;
  refundedAmount: number;
  actionKind: PaymentActionKind | null;
  actionUrl: string | null;
}

const RECORD_COLUMNS = `id::text AS id, provider_ref AS "providerRef", status, method, amount, currency,
  decline_reason AS "declineReason", card_brand AS "cardBrand", card_last4 AS "cardLast4",
  captured_amount AS "capturedAmount", refunded_amount AS "refundedAmount",
  action_kind AS "actionKind", action_url AS "actionUrl"`;

export interface NewPayment {
  id: string;
  sessionId: string;
  idempotencyKey: string;
  provider: string;
  method: PayMethod;
  reference: string;
  amount: number;
  currency: Money['currency'];
}

/** The session's record for this key: `payment.id` when new, the earlier one's id on a rerun. */
export async function insertPendingPayment(db: Queryable, payment: NewPayment): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payments (id, session_id, idempotency_key, provider, reference, amount, currency,
       status, method)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8)
     ON CONFLICT (session_id, idempotency_key) DO UPDATE SET updated_at = now()
     RETURNING id::text AS id`,
    [
      payment.id,
      payment.sessionId,
      payment.idempotencyKey,
      payment.provider,
      payment.reference,
      payment.amount,
      payment.currency,
      payment.method,
    ],
  );
  return rows[0]!.id;
}

/** Forgets a refused attempt that charged nothing. */
export async function deletePendingPayment(db: Queryable, id: string): Promise<void> {
  await db.query(`DELETE FROM payments WHERE id = $1 AND status = 'pending'`, [id]);
}

/** Marks the record timed out unless it had already moved to `progress` or beyond. */
export async function markPaymentTimedOut(
  db: Queryable,
  id: string,
  progress: number,
): Promise<void> {
  await db.query(
    `UPDATE payments SET status = 'timed_out', progress = $2, action_kind = NULL, action_url = NULL,
       updated_at = now()
     WHERE id = $1 AND progress < $2`,
    [id, progress],
  );
}

/** A provider's answer: what it says of the record (never its amount), and how far it got. */
export type ProviderAnswerFields = Omit<
  PaymentRecord,
  'id' | 'providerRef' | 'amount' | 'currency' | 'method'
> & {
  providerRef: string;
  progress: number;
};

/** Writes a provider's answer unless the record has already moved further. */
export async function savePaymentAnswer(
  db: Queryable,
  id: string,
  answer: ProviderAnswerFields,
): Promise<void> {
  await db.query(
    `UPDATE payments SET provider_ref = $2, status = $3, progress = $4, decline_reason = $5,
       card_brand = $6, card_last4 = $7, captured_amount = $8, refunded_amount = $9,
       action_kind = $10, action_url = $11, updated_at = now()
     WHERE id = $1 AND (progress < $4 OR (progress = $4 AND refunded_amount <= $9))`,
    [
      id,
      answer.providerRef,
      answer.status,
      answer.progress,
      answer.declineReason,
      answer.cardBrand,
      answer.cardLast4,
      answer.capturedAmount,
      answer.refundedAmount,
      answer.actionKind,
      answer.actionUrl,
    ],
  );
}

/** The record, only if it is the session's when a session is given. */
export async function findPaymentRecord(
  db: Queryable,
  paymentId: string,
  sessionId: string | null,
): Promise<PaymentRecord | undefined> {
  const { rows } = await db.query<PaymentRecord>(
    `SELECT ${RECORD_COLUMNS} FROM payments
     WHERE id = $1 AND ($2::uuid IS NULL OR session_id = $2::uuid)`,
    [paymentId, sessionId],
  );
  return rows[0];
}
