import type { Basket } from '../../contract/api/basket';
import {
  MAX_PAY_ATTEMPTS_PER_HOLD,
  PAYMENT_WINDOW_MINUTES,
  type PayBody,
  type PayResponse,
} from '../../contract/api/orders';
import type { Payment } from '../../contract/api/payment';
import type { Database, Queryable } from '../db/database';
import * as o from './queries';
import { ApiError, notFound } from '../lib/errors';
import type { SeenByServer } from '../payments';
import type { PaymentService } from '../payments';
import { readBasket } from '../basket';
import { requireCompleteDetails } from '../details';
import { ownHold, lockHold } from '../holds';
import { newId } from '../lib/ids';
import { inTransaction } from '../db/transaction';
import {
  IN_FLIGHT_TIMEOUT_S,
  idempotent,
  idempotentEffect,
  requestHash,
  type StoredResponse,
} from '../http/idempotency';
import { newOrderNumber } from './keys';
import { completeSale, SaleLost, type SaleContext } from './sale';
import { orderVenue, orderView } from './view';
import { checkPayChoice, methodsFor, payMethodOf } from '../payments';
import type { PayMethod } from '../../contract/api/paymentMethodKinds';
import { allocateForAttempt, reserveForAttempt } from '../vouchers';
import { claimSingleUse, reserveSingleUse } from '../promo';

/**
 * The pay request and the 3-D Secure continuation (contract/api/orders.ts).
 *
 * A pay attempt runs in steps, none of which holds a transaction open while the gateway works:
 * 1. one transaction checks the hold, details and basket version and writes the attempt (a
 *    pending order, found again by its (session, key) if the request is rerun after a crash);
 * 2. the payment service authorises, under the request's own Idempotency-Key, so a rerun gets
 *    the first payment back, never a second one;
 * 3. `settle` turns where the payment stands into the answer: a 3-D Secure step, a failed
 *    attempt (the hold stays the buyer's), or the sale — one transaction (orders/sale.ts) — and
 *    only then the capture, claimed once per order.
 * The pay request's stored answer (idempotency_keys) is written after step 3; every step is
 * safe to run again, so a crash anywhere leaves at most one authorisation and one capture.
 * Whatever a crash or a refusing gateway leaves undone (a capture, the void of a failed
 * attempt's money) the reconciliation sweep finishes (`reconcilePayments`), and an attempt
 * nobody finishes (its process died, its buyer never came back from 3-D Secure) it settles as
 * the attempt's own flow would have (`settleAbandonedAttempts`).
 */

/** Where the gateway sends the browser back after a 3-D Secure step (the SPA's verify page). */
export const VERIFY_PATH = '/checkout/verify';

/** What moving money needs: the database, the payment service and somewhere to say what failed. */
export interface MoneyContext {
  db: Database;
  payments: PaymentService;
  /** Problems that must not change the buyer's answer (a void or capture the gateway refused). */
  warn(message: string, error: unknown): void;
}

export interface PayContext extends SaleContext, MoneyContext {}

export interface PayRequest {
  sessionId: string;
  /** The request's Idempotency-Key. */
  key: string;
  holdId: string;
  body: PayBody;
  /** What the server saw of the request, for the fraud checks. */
  seen: SeenByServer;
}

/** 409 price_changed, with the basket as it is now so the buyer can review it. */
export class PriceChangedError extends ApiError {
  readonly extra: { basket: Basket };
  constructor(basket: Basket) {
    super(409, 'price_changed', 'The price of the basket has changed: review it before paying.');
    this.extra = { basket };
  }
}

const holdExpired = () => new ApiError(410, 'hold_expired', 'This hold has expired.');

/**
 * How long a pay request keeps the hold before the gateway has answered: as long as the request
 * may run (the provider's time limit is shorter). Only a 3-D Secure step earns the whole
 * PAYMENT_WINDOW_MINUTES (settle), so a refused card or a silent gateway keeps no seats for long.
 */
const ANSWER_MARGIN_S = IN_FLIGHT_TIMEOUT_S;

/**
 * Checks and writes a pay attempt (step 1). A key that already made its attempt gets that one
 * back, whatever has happened to the hold since: the rest of the flow picks up from there.
 * The attempt replaces the hold's older unfinished ones only once it is a payment
 * (o.supersedeOlderAttempts): a request the gateway refuses (a spent token) charged nothing and
 * must not cost the buyer the attempt they left at a 3-D Secure step.
 */
async function prepareAttempt(
  tx: Queryable,
  context: PayContext,
  request: PayRequest,
): Promise<o.OrderRow> {
  const existing = await o.orderForKey(tx, request.sessionId, request.key);
  if (existing) return existing;

  const hold = await ownHold(tx, context.scope, request.sessionId, request.holdId, true);
  if (!hold.live) throw holdExpired();
  const venue = context.scope.venueFor(hold.venueSlug);
  if (!venue) throw notFound('Hold');
  if ((await o.countAttempts(tx, hold.id)) >= MAX_PAY_ATTEMPTS_PER_HOLD) {
    throw new ApiError(
      429,
      'payment_attempts_exceeded',
      'This basket has been paid for too many times without success.',
    );
  }
  const details = await requireCompleteDetails(tx, hold.id, venue);
  const basket = await readBasket(tx, context.scope, request.sessionId, hold.id);
  if (basket.version !== request.body.basketVersion) throw new PriceChangedError(basket);
  // The issue asks for an explicit yes or no to ticket protection, never a silent default.
  if (basket.ticketProtection?.choice === 'undecided') {
    throw new ApiError(
      422,
      'details_incomplete',
      'Answer whether to protect the tickets before paying.',
      ['ticketProtection'],
    );
  }
  // What the applied vouchers give (issue 15): reserved below with the attempt, in this
  // transaction; what is left is the provider's to take.
  const vouchers = await allocateForAttempt(tx, {
    hold,
    venue,
    basket,
    body: request.body,
    payments: context.payments,
  });
  // The method must be one this basket may use for what is left (the payment step's GET
  // payment-methods gives the same answer), with a token where it needs one.
  const { methods } = methodsFor(context.payments, venue, basket, vouchers.amountDue);
  checkPayChoice({ amountDue: vouchers.amountDue, methods }, request.body);
  // A single-use code (issue 24) is reserved with the attempt, as the vouchers are; one another
  // order spent, or is being paid with, refuses the attempt before anything is written.
  const singleUse = await claimSingleUse(tx, hold);

  const order = {
    sessionId: request.sessionId,
    idempotencyKey: request.key,
    holdId: hold.id,
    performanceId: hold.performanceId,
    currency: basket.currency,
    total: basket.total,
    voucherAmount: vouchers.covered,
    transactionFee: basket.transactionFee,
    basket,
    details,
    // Issue 24: the campaign that brought the buyer, as sent, and the venue's source id as the
    // server knows it (never the client's word).
    attribution: { ...request.body.attribution, sourceId: venue.sourceId },
  };
  let id: string | undefined;
  // A number already taken (a one in 10^11 draw) just means drawing another.
  for (let draw = 0; draw < 5 && !id; draw += 1) {
    const candidate = newId();
    if (await o.insertOrder(tx, { ...order, id: candidate, number: newOrderNumber() })) {
      id = candidate;
    }
  }
  if (!id) throw new Error('no free order number');
  await reserveForAttempt(tx, id, vouchers);
  await reserveSingleUse(tx, id, singleUse);
  await o.keepHoldForPayment(tx, hold.id, ANSWER_MARGIN_S);
  return (await o.findOrder(tx, id))!;
}

/** Gives back what a failed attempt's payment holds: voids an authorisation, refunds a capture. */
async function releaseMoney(context: MoneyContext, payment: Payment): Promise<void> {
  try {
    if (payment.status === 'action_required' || payment.status === 'authorised') {
      await context.payments.void(payment.id);
    } else if (payment.status === 'captured' && payment.capturedAmount > payment.refundedAmount) {
      await context.payments.refund(
        payment.id,
        payment.capturedAmount - payment.refundedAmount,
        // One refund per payment, however many flows get here.
        `release:${payment.id}`,
      );
    }
  } catch (error) {
    context.warn('could not release the payment of a failed order attempt', error);
  }
}

/** Takes the money of a confirmed order, once: the flow that claims the capture asks for it. */
async function capture(context: MoneyContext, orderId: string, payment: Payment): Promise<void> {
  if (payment.status !== 'authorised' || !(await o.claimCapture(context.db, orderId))) return;
  try {
    await context.payments.capture(payment.id);
  } catch (error) {
    // The sale stands and the authorisation keeps the money reserved; the reconciliation sweep
    // claims the capture again once this claim is a minute old.
    context.warn('capture of a confirmed order failed', error);
  }
}

/**
 * Lets go of the money of attempts that failed (replaced by a newer one, or their hold
 * released): best effort, after the caller's transaction committed. A void that fails here is
 * retried by the reconciliation sweep, and continuing the attempt releases it too (settle).
 */
export async function releaseAttempts(
  context: MoneyContext,
  orderIds: readonly string[],
): Promise<void> {
  if (orderIds.length === 0) return;
  for (const paymentId of await o.paymentsOfFailedOrders(context.db, orderIds)) {
    await context.payments
      .status(paymentId)
      .then((payment) => releaseMoney(context, payment))
      .catch((error: unknown) => context.warn('could not release a failed attempt', error));
  }
}

function failedAnswer(order: o.OrderRow, payment: Payment | null): PayResponse {
  const base = { orderId: order.id, paymentId: payment?.id ?? order.paymentId, order: null };
  switch (order.failure) {
    case 'timed_out':
      return { outcome: 'timed_out', ...base };
    case 'hold_lost':
      return { outcome: 'hold_lost', ...base };
    default:
      // Declined, refused or superseded: nothing was charged and the hold is still the buyer's.
      return {
        outcome: 'declined',
        ...base,
        ...(payment?.declineReason ? { declineReason: payment.declineReason } : {}),
      };
  }
}

/** Step 3: where the payment stands, made into the order's outcome and the buyer's answer. */
async function settle(
  context: PayContext,
  orderId: string,
  payment: Payment,
  round = 0,
): Promise<PayResponse> {
  // Each round follows a change another flow made meanwhile; two are the most that can follow.
  if (round > 3) throw new Error(`order ${orderId} did not settle`);
  const order = (await o.findOrder(context.db, orderId))!;
  if (!order.paymentId) await o.setOrderPayment(context.db, order.id, payment.id);
  const again = () => settle(context, orderId, payment, round + 1);
  const fail = async (failure: o.OrderFailure) => {
    await o.failOrder(context.db, order.id, failure);
    return again();
  };

  if (order.status === 'confirmed') {
    await capture(context, order.id, payment);
    const accessKey = context.sealer.open(order.accessKeySealed!, order.id);
    const view = await orderView(context.db, context.scope, order, accessKey);
    return { outcome: 'confirmed', orderId: order.id, paymentId: payment.id, order: view };
  }
  if (order.status === 'failed') {
    await releaseMoney(context, payment);
    return failedAnswer(order, payment);
  }
  switch (payment.status) {
    case 'action_required':
      // The buyer is at a 3-D Secure step: the hold lives on while they are.
      if (order.holdId)
        await o.keepHoldForPayment(context.db, order.holdId, PAYMENT_WINDOW_MINUTES * 60);
      return {
        outcome: 'action_required',
        orderId: order.id,
        paymentId: payment.id,
        ...(payment.action ? { action: payment.action } : {}),
        order: null,
      };
    case 'declined':
      return fail('declined');
    case 'timed_out':
      return fail('timed_out');
    case 'voided':
    case 'refunded':
      return fail('superseded');
    case 'authorised':
    case 'captured':
      break;
  }
  try {
    const sale = await inTransaction(context.db, (tx) => completeSale(tx, context, order.id));
    if (sale.kind !== 'sold') return again();
    await capture(context, order.id, payment);
    return { outcome: 'confirmed', orderId: order.id, paymentId: payment.id, order: sale.view };
  } catch (error) {
    if (error instanceof SaleLost) return fail('hold_lost');
    throw error;
  }
}

/**
 * How the body pays: its `method`, or (the pay body before issue 15) a card when it carries a
 * token; null when it pays nothing (prepareAttempt checks that nothing is due).
 */
/**
 * Steps 1–3 for a payment through the provider (card, wallet token or PayPal); nothing is held
 * open while the gateway answers. The attempts it replaced go into `replaced` (committed once the
 * gateway has taken this one) for the caller to let go of afterwards, so the buyer's new payment
 * is never kept waiting behind the gateway's voids.
 */
async function payByProvider(
  context: PayContext,
  request: PayRequest,
  method: PayMethod,
  replaced: string[],
): Promise<PayResponse> {
  const order = await inTransaction(context.db, (tx) => prepareAttempt(tx, context, request));
  let payment: Payment;
  try {
    const first = await context.payments.authorise({
      sessionId: request.sessionId,
      idempotencyKey: request.key,
      method,
      token: request.body.cardToken,
      // The vouchers' share is reserved with the attempt; the provider takes the rest.
      amount: order.total - order.voucherAmount,
      currency: order.currency,
      reference: order.id,
      returnUrl: VERIFY_PATH,
      fraud: { browser: request.body.browser, ...request.seen },
      acceptedBrands: order.basket.acceptedCardBrands,
    });
    // A rerun of the key replays the first answer; the payment may have moved on since.
    payment = order.paymentId
      ? await context.payments.status(first.id, { sessionId: request.sessionId })
      : first;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 409) {
      // The same payment is still being made by another run of this key (one that stalled past
      // the in-flight limit): no refusal, and no answer to keep. A 503 frees the pay key, so
      // the client's retry gets the payment's outcome; that run settles the order meanwhile.
      throw new ApiError(503, 'service_unavailable', 'The payment is still being processed.');
    }
    // A refused payment (a used token, a Visa for American Express seats, a card's token sent
    // as a wallet's) charged nothing.
    if (error instanceof ApiError && error.statusCode < 500) {
      await o.failOrder(context.db, order.id, 'refused');
    }
    throw error;
  }
  // One attempt at a time per hold: now that this one is a payment it replaces the older ones
  // still unfinished (their money is let go once this one is answered; continuing them answers
  // declined).
  const superseded = await inTransaction(context.db, async (tx) => {
    // The hold's lock first, as a sale and a release take it, so none waits on another crosswise.
    if (order.holdId) await lockHold(tx, order.holdId);
    return o.supersedeOlderAttempts(tx, order.id);
  });
  replaced.push(...superseded);
  return settle(context, order.id, payment);
}

/**
 * Nothing left to pay (a zero-price basket, or one its vouchers cover): the attempt, its
 * vouchers' reservation, the sale and their spending in one transaction, with no payment at
 * all. A card attempt it replaces (the price fell to nothing meanwhile) goes into `replaced`.
 */
async function payNothing(
  tx: Queryable,
  context: PayContext,
  request: PayRequest,
  replaced: string[],
): Promise<PayResponse> {
  const order = await prepareAttempt(tx, context, request);
  replaced.push(...(await o.supersedeOlderAttempts(tx, order.id)));
  try {
    const sale = await completeSale(tx, context, order.id);
    if (sale.kind !== 'sold') throw new Error(`order ${order.id} was settled twice`);
    return { outcome: 'confirmed', orderId: order.id, paymentId: null, order: sale.view };
  } catch (error) {
    // The hold was live and locked throughout, so this cannot happen; if it did, say so plainly.
    if (error instanceof SaleLost) throw holdExpired();
    throw error;
  }
}

/**
 * What the pay request's Idempotency-Key stands for (the fraud data may differ on a retry): the
 * same key with another method or amount due is another request (422 idempotency_mismatch).
 */
export function payRequestHash(holdId: string, body: PayBody): string {
  return requestHash('POST /holds/:id/order', {
    holdId,
    basketVersion: body.basketVersion,
    cardToken: body.cardToken,
    method: payMethodOf(body),
    amountDue: body.amountDue ?? null,
  });
}

/**
 * The answer as idempotency_keys keeps it: without the secret link's key, which is stored only
 * hashed and sealed (withOwnerKey puts it back for the owner's session).
 */
function keyless(answer: PayResponse): StoredResponse {
  return {
    status: 200,
    body: answer.order ? { ...answer, order: { ...answer.order, accessKey: null } } : answer,
  };
}

/** A confirmed answer as its owner gets it, first time or replayed: with the order's key. */
async function withOwnerKey(
  context: PayContext,
  response: StoredResponse,
): Promise<StoredResponse> {
  const answer = response.body as PayResponse;
  if (response.status !== 200 || !answer.order) return response;
  const order = await o.findOrder(context.db, answer.order.id);
  if (!order?.accessKeySealed) return response;
  const accessKey = context.sealer.open(order.accessKeySealed, order.id);
  return { ...response, body: { ...answer, order: { ...answer.order, accessKey } } };
}

/** POST /holds/:holdId/order, once per (session, Idempotency-Key). */
export async function pay(context: PayContext, request: PayRequest): Promise<StoredResponse> {
  const key = {
    sessionId: request.sessionId,
    key: request.key,
    hash: payRequestHash(request.holdId, request.body),
  };
  // Attempts this one replaced: their money is let go once this one is answered.
  const replaced: string[] = [];
  const method = payMethodOf(request.body);
  if (method === null) {
    // Nothing leaves the database: the answer commits with the sale.
    const response = await idempotent(context.db, key, async (tx) =>
      keyless(await payNothing(tx, context, request, replaced)),
    );
    // (Attempts of a rolled-back transaction never failed: releaseAttempts skips them.)
    await releaseAttempts(context, replaced);
    return withOwnerKey(context, response);
  }
  try {
    const response = await idempotentEffect(context.db, key, async () =>
      keyless(await payByProvider(context, request, method, replaced)),
    );
    return await withOwnerKey(context, response);
  } finally {
    await releaseAttempts(context, replaced);
  }
}

/** How many payments one reconciliation sweep takes on of each kind; a backlog takes several. */
const RECONCILE_BATCH = 50;

/**
 * The reconciliation sweep of one region (any instance may run it, with the hold sweep's
 * period): captures confirmed orders whose capture the gateway refused or whose flow died after
 * the sale (claimed again once the old claim is a minute old, so never twice), and voids the
 * money failed attempts still hold (a void that failed, or never ran because the process
 * stopped after the answer, or whose payment's first answer was lost with its process).
 */
export async function reconcilePayments(context: MoneyContext, region: string): Promise<void> {
  for (const due of await o.uncapturedOrders(context.db, region, RECONCILE_BATCH)) {
    await context.payments
      .status(due.paymentId)
      .then((payment) => capture(context, due.orderId, payment))
      .catch((error: unknown) => context.warn('reconciliation could not capture a payment', error));
  }
  for (const paymentId of await o.heldPaymentsOfFailedOrders(context.db, region, RECONCILE_BATCH)) {
    // resume: a payment whose first answer was never recorded is cancelled at the gateway.
    await context.payments
      .resume(paymentId)
      .then((payment) => releaseMoney(context, payment))
      .catch((error: unknown) => context.warn('reconciliation could not release a payment', error));
  }
}

/**
 * Settles one attempt nobody is finishing, as its own flow would have: sold (and captured) when
 * the payment is good and the seats are still the order's to take (the late-payment rule of
 * completeSale), else failed and its money let go. Failing comes before any void and is
 * conditional on the attempt still being pending, so a buyer's continuation that sells it
 * meanwhile wins, and no payment is ever both captured and voided.
 */
async function settleAbandoned(context: PayContext, orderId: string): Promise<void> {
  const paymentId = await o.paymentOfAttempt(context.db, orderId);
  if (!paymentId) {
    // It never reached the gateway. A rerun of its pay key that does reach it later finds the
    // attempt failed and lets that payment go (settle).
    await o.failOrder(context.db, orderId, 'timed_out');
    return;
  }
  const payment = await context.payments.resume(paymentId);
  // Still at a 3-D Secure step past the buyer's time there: they are not coming back.
  if (payment.status === 'action_required') await o.failOrder(context.db, orderId, 'timed_out');
  await settle(context, orderId, payment);
}

/**
 * The sweep's share of pay attempts nobody finishes (a process killed mid-payment, a buyer who
 * never came back from 3-D Secure): each attempt that has stood still for its age (`ages`) is
 * claimed, so two instances never both work it, then settled (settleAbandoned).
 */
export async function settleAbandonedAttempts(
  context: PayContext,
  region: string,
  ages: o.AbandonAges,
): Promise<void> {
  for (const orderId of await o.claimAbandonedAttempts(context.db, region, RECONCILE_BATCH, ages)) {
    await settleAbandoned(context, orderId).catch((error: unknown) =>
      context.warn('reconciliation could not settle an abandoned pay attempt', error),
    );
  }
}

/**
 * POST /orders/:orderId/payments/:paymentId/continue: the buyer is back from a 3-D Secure step.
 * Safe to repeat: once the attempt has an outcome, it is answered again without a second sale
 * or capture.
 */
export async function continuePayment(
  context: PayContext,
  sessionId: string,
  orderId: string,
  paymentId: string,
): Promise<PayResponse> {
  const order = await o.findOrder(context.db, orderId);
  if (!order || order.sessionId !== sessionId || order.paymentId !== paymentId) {
    throw notFound('Payment');
  }
  orderVenue(context.scope, order);
  const payment =
    order.status === 'pending'
      ? await context.payments.continue(sessionId, order.paymentId)
      : await context.payments.status(order.paymentId, { sessionId });
  return settle(context, order.id, payment);
}
