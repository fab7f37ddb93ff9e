import type { Basket } from '../../contract/api/basket';
import type { PayBody } from '../../contract/api/orders';
import type { PaymentMethods } from '../../contract/api/paymentMethods';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import * as v from './queries';
import { ApiError } from '../lib/errors';
import type { Allocation } from './vouchers';
import type { MethodSource } from '../payments';
import { allocateVouchers, paymentOptions } from './apply';

/**
 * Vouchers in the pay attempt (issue 15). The attempt reserves what each applied voucher gives,
 * in the transaction that writes it; the sale spends the reservations in its own transaction
 * (orders/sale.ts); an attempt that fails gives them back in the statement that fails it
 * (migration 0031's trigger), whichever flow fails it.
 */

/** 409 amount_due_changed, with the options as they are now; nothing is reserved or charged. */
export class AmountDueChangedError extends ApiError {
  readonly extra: { paymentMethods: PaymentMethods };
  constructor(paymentMethods: PaymentMethods) {
    super(
      409,
      'amount_due_changed',
      'The vouchers now give less than the payment step showed: review what is left to pay.',
    );
    this.extra = { paymentMethods };
  }
}

export interface AttemptVouchers {
  hold: { id: string };
  venue: VenueSettings;
  basket: Basket;
  body: Pick<PayBody, 'amountDue'>;
  payments: MethodSource;
  at?: Date;
}

/**
 * Works out, under the vouchers' locks, what the hold's vouchers give this attempt, after giving
 * back what the hold's older unfinished attempts reserved (a newer attempt replaces them; they
 * can no longer be sold). The body must name what it expects to pay (`amountDue`) whenever
 * vouchers are applied, and that must still be what is due; else nothing is written.
 */
export async function allocateForAttempt(
  tx: Queryable,
  attempt: AttemptVouchers,
): Promise<Allocation> {
  const { hold, venue, basket, body } = attempt;
  await v.lockHoldVouchers(tx, hold.id);
  await v.returnHoldReservations(tx, hold.id);
  const applied = await v.appliedVouchers(tx, hold.id);
  const allocation = allocateVouchers(
    attempt.payments,
    venue,
    basket,
    applied,
    attempt.at ?? new Date(),
  );
  if (applied.length > 0 && body.amountDue === undefined) {
    throw new ApiError(
      400,
      'validation_failed',
      'Vouchers are applied to this basket: send the amount due the payment step showed.',
      ['body.amountDue'],
    );
  }
  if (body.amountDue !== undefined && body.amountDue !== allocation.amountDue) {
    throw new AmountDueChangedError(paymentOptions(attempt.payments, venue, basket, allocation));
  }
  return allocation;
}

/** Reserves the allocation for the attempt just written (same transaction). */
export async function reserveForAttempt(
  tx: Queryable,
  orderId: string,
  allocation: Allocation,
): Promise<void> {
  await v.reserve(
    tx,
    orderId,
    allocation.lines
      .filter((line) => line.amount > 0)
      .map((line) => ({ voucherId: line.voucher.id, amount: line.amount })),
  );
}
