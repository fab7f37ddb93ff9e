import type { Basket } from '../../contract/api/basket';
import type { ApplyVoucherBody, PaymentMethods } from '../../contract/api/paymentMethods';
import type { VenueSettings } from '../../contract/venue';
import type { Database, Queryable } from '../db/database';
import type { HoldRow } from '../holds';
import * as v from './queries';
import { readBasket, type BasketScope } from '../basket';
import { ApiError, notFound } from '../lib/errors';
import { ownHold } from '../holds';
import { inTransaction } from '../db/transaction';
import { methodsFor, type MethodSource } from '../payments';
import type { ServerKeys } from '../lib/serverKeys';
import {
  allocate,
  appliedVoucherView,
  codeMatches,
  hasExpired,
  normaliseVoucherText,
  voucherCodeKey,
  type Allocation,
} from './vouchers';
import {
  countWrongGuess,
  guessWait,
  voucherBuckets,
  VoucherThrottledError,
  type VoucherThrottleSettings,
} from './throttle';

/**
 * The payment step's options and the vouchers a buyer applies to their hold (routes.ts,
 * contract/api/paymentMethods.ts). Applying reserves nothing: what each voucher gives is worked
 * out on every read, and reserved only by the pay attempt (pay.ts).
 */

/** What vouchers need of a regional API: the basket's scope plus each venue's settings. */
export interface VoucherScope extends BasketScope {
  venueFor(venueSlug: string): VenueSettings | undefined;
}

export interface VoucherContext {
  db: Database;
  scope: VoucherScope;
  payments: MethodSource;
  keys: ServerKeys;
  throttle: VoucherThrottleSettings;
}

const holdExpired = () => new ApiError(410, 'hold_expired', 'This hold has expired.');

type Venue = NonNullable<ReturnType<VoucherScope['venueFor']>>;

/** The payment step's options for a basket, once its vouchers are allocated. */

export function paymentOptions(
  payments: MethodSource,
  venue: Venue,
  basket: Basket,
  allocation: Allocation,
): PaymentMethods {
  const choice = methodsFor(payments, venue, basket, allocation.amountDue);
  return {
    holdId: basket.holdId,
    currency: basket.currency,
    total: basket.total,
    amountDue: allocation.amountDue,
    methods: choice.methods,
    unavailable: choice.unavailable,
    walletSandbox: payments.walletSandbox,
    voucherKinds: choice.voucherKinds,
    vouchers: allocation.lines.map(appliedVoucherView),
  };
}

/**
 * Allocates the applied vouchers of a basket: only kinds the venue, the operator and the basket
 * still accept count (asked as if the whole total were due, since what is due depends on them).
 */
export function allocateVouchers(
  payments: MethodSource,
  venue: Venue,
  basket: Basket,
  applied: readonly v.AppliedVoucherRow[],
  at: Date,
): Allocation {
  const { voucherKinds } = methodsFor(payments, venue, basket, basket.total);
  return allocate(applied, basket.total, venue, at, voucherKinds);
}

function venueOf(scope: VoucherScope, hold: HoldRow) {
  const venue = scope.venueFor(hold.venueSlug);
  if (!venue) throw notFound('Hold');
  return venue;
}

/** The options of the caller's live hold as they stand (in `db`, a transaction or not). */
export async function paymentMethodsOf(
  db: Queryable,
  context: Pick<VoucherContext, 'scope' | 'payments'>,
  sessionId: string,
  holdId: string,
  at = new Date(),
): Promise<PaymentMethods> {
  const hold = await ownHold(db, context.scope, sessionId, holdId, false);
  if (!hold.live) throw holdExpired();
  const venue = venueOf(context.scope, hold);
  const basket = await readBasket(db, context.scope, sessionId, hold.id);
  const applied = await v.appliedVouchers(db, hold.id);
  const allocation = allocateVouchers(context.payments, venue, basket, applied, at);
  return paymentOptions(context.payments, venue, basket, allocation);
}

export interface ApplyRequest {
  sessionId: string;
  holdId: string;
  body: ApplyVoucherBody;
  /** The client's address, for the guessing throttle. */
  address: string;
}

const refuse = (code: ConstructorParameters<typeof ApiError>[1], message: string) =>
  new ApiError(422, code, message, ['body.number']);

/** A wrong number or code: one answer for both, so neither can be told from the other. */
class WrongGuess extends ApiError {
  constructor() {
    super(422, 'voucher_invalid', 'The voucher number or code is not valid.', [
      'body.number',
      'body.code',
    ]);
  }
}

/**
 * POST /holds/:holdId/vouchers. The number's length is the venue's rule (checked before any
 * guess is counted); a wrong number or code counts against the client and the number, and
 * once either has used its guesses the answer is 429 until its window ends.
 */
export async function applyVoucher(
  context: VoucherContext,
  request: ApplyRequest,
  at = new Date(),
): Promise<PaymentMethods> {
  const { db, scope } = context;
  const number = normaliseVoucherText(request.body.number);
  const first = await ownHold(db, scope, request.sessionId, request.holdId, false);
  if (!first.live) throw holdExpired();
  const firstVenue = venueOf(scope, first);
  if (number.length < firstVenue.flags.minVoucherNumberLength) {
    throw refuse('voucher_number_too_short', 'The voucher number is too short.');
  }
  const buckets = await voucherBuckets(context.keys, request.address, {
    region: scope.region,
    number,
  });
  const wait = await guessWait(db, buckets, context.throttle);
  if (wait > 0) throw new VoucherThrottledError(wait);
  // Read before the transaction: on a one-connection database nothing else may query inside it.
  const codeKey = await voucherCodeKey(context.keys);

  try {
    return await inTransaction(db, async (tx) => {
      // The hold's lock: applying serialises with the pay request, extend and release.
      const hold = await ownHold(tx, scope, request.sessionId, request.holdId, true);
      if (!hold.live) throw holdExpired();
      const venue = venueOf(scope, hold);
      const voucher = await v.findVoucher(tx, scope.region, number);
      if (
        !voucher ||
        voucher.kind !== request.body.kind ||
        !codeMatches(codeKey, voucher, request.body.code)
      ) {
        throw new WrongGuess();
      }
      if (hasExpired(voucher, venue, at)) {
        throw refuse('voucher_expired', 'This voucher has expired.');
      }
      const basket = await readBasket(tx, scope, request.sessionId, hold.id);
      if (voucher.currency !== basket.currency) {
        throw refuse('voucher_currency', 'This voucher is in another currency.');
      }
      const applied = await v.appliedVouchers(tx, hold.id);
      if (applied.some((row) => row.id === voucher.id)) {
        throw new ApiError(409, 'voucher_already_applied', 'This voucher is already applied.');
      }
      const before = paymentOptions(
        context.payments,
        venue,
        basket,
        allocateVouchers(context.payments, venue, basket, applied, at),
      );
      if (before.amountDue === 0) {
        throw refuse('voucher_not_needed', 'Nothing is left to pay.');
      }
      if (!before.voucherKinds.includes(voucher.kind)) {
        throw refuse('voucher_not_accepted', 'This kind of voucher cannot pay for this basket.');
      }
      await v.applyToHold(tx, hold.id, voucher.id);
      const now = await v.appliedVouchers(tx, hold.id);
      const allocation = allocateVouchers(context.payments, venue, basket, now, at);
      const line = allocation.lines.find((entry) => entry.voucher.id === voucher.id);
      if (!line || line.amount === 0) {
        throw refuse('voucher_empty', 'This voucher has no balance left.');
      }
      return paymentOptions(context.payments, venue, basket, allocation);
    });
  } catch (error) {
    // Counted outside the refused transaction, which rolls back.
    if (error instanceof WrongGuess) await countWrongGuess(db, buckets, context.throttle);
    throw error;
  }
}

/** DELETE /holds/:holdId/vouchers/:voucherId: takes a voucher off; 404 when it was not on. */
export async function removeVoucher(
  context: VoucherContext,
  sessionId: string,
  holdId: string,
  voucherId: string,
  at = new Date(),
): Promise<PaymentMethods> {
  return inTransaction(context.db, async (tx) => {
    const hold = await ownHold(tx, context.scope, sessionId, holdId, true);
    if (!hold.live) throw holdExpired();
    if (!(await v.removeFromHold(tx, hold.id, voucherId))) throw notFound('Voucher');
    return paymentMethodsOf(tx, context, sessionId, hold.id, at);
  });
}
