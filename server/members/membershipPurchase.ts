import {
  MEMBERSHIP_VERIFY_PATH,
  type AtgPurchaseBody,
  type MembershipPurchaseResponse,
} from '../../contract/api/members';
import { PAYMENT_WINDOW_MINUTES } from '../../contract/api/orders';
import type { Payment } from '../../contract/api/payment';
import type { VenueSettings } from '../../contract/venue';
import type { Database } from '../db/database';
import * as m from './queries/memberships';
import { findProfile } from './queries/profile';
import { renderMembershipConfirmation } from '../email';
import type { SeenByServer } from '../payments';
import type { PaymentService } from '../payments';
import { ApiError, notFound } from '../lib/errors';
import { inTransaction } from '../db/transaction';
import { idempotentEffect, requestHash, type StoredResponse } from '../http/idempotency';
import { newId } from '../lib/ids';
import { membershipView, startMembership } from './memberships';

/**
 * Buying ATG+ (issue 14): a card payment through the same payment service and provider as an
 * order, with no seats. The steps follow the order's pay request (orders/orders.ts), none holding
 * a transaction open while the gateway works:
 * 1. one transaction writes the attempt (found again by session and Idempotency-Key on a rerun);
 *    an account with a live ATG+ is refused (409 membership_active) and one attempt at a time
 *    per account is allowed (a unique index), so a double click with a second key pays nothing;
 * 2. the payment service authorises under the request's own key: a rerun gets the first payment;
 * 3. `settle` makes where the payment stands into the answer; an authorised payment starts the
 *    membership and queues its email in one transaction (once: the attempt row is locked and
 *    must still be pending), and only then is the money captured.
 */

export interface PurchaseContext {
  db: Database;
  payments: PaymentService;
  venueFor(slug: string): VenueSettings | undefined;
  warn(message: string, error: unknown): void;
}

export interface PurchaseRequest {
  sessionId: string;
  accountId: string;
  key: string;
  body: AtgPurchaseBody;
  seen: SeenByServer;
}

/** An attempt left at 3-D Secure past the payment window no longer blocks a new one. */
const ABANDONED_AFTER_S = PAYMENT_WINDOW_MINUTES * 60 + 60;

async function releaseMoney(context: PurchaseContext, paymentId: string): Promise<void> {
  try {
    const payment = await context.payments.status(paymentId);
    if (payment.status === 'action_required' || payment.status === 'authorised') {
      await context.payments.void(payment.id);
    }
  } catch (error) {
    context.warn('could not void the payment of a failed membership purchase', error);
  }
}

async function prepareAttempt(
  context: PurchaseContext,
  request: PurchaseRequest,
  venue: VenueSettings,
): Promise<{ purchase: m.PurchaseRow; abandoned: string[] }> {
  return inTransaction(context.db, async (tx) => {
    const existing = await m.purchaseForKey(tx, request.sessionId, request.key);
    if (existing) return { purchase: existing, abandoned: [] };
    const live = (await m.accountMemberships(tx, request.accountId)).some(
      (row) => row.scheme === 'atg-plus' && row.benefitsActive,
    );
    if (live) {
      throw new ApiError(409, 'membership_active', 'This account has ATG+ already.');
    }
    const offer = (await m.membershipOffers(tx, venue.slug, venue.currency)).find(
      (row) => row.scheme === 'atg-plus',
    );
    if (!offer?.amount) throw notFound('ATG+ offer');
    const abandoned = await m.abandonStalePurchases(tx, request.accountId, ABANDONED_AFTER_S);
    const id = newId();
    const inserted = await m.insertPurchase(tx, {
      id,
      accountId: request.accountId,
      sessionId: request.sessionId,
      key: request.key,
      scheme: 'atg-plus',
      venueSlug: venue.slug,
      amount: offer.amount,
      currency: venue.currency,
    });
    if (!inserted) {
      throw new ApiError(
        409,
        'membership_purchase_in_flight',
        'Another ATG+ purchase of this account is under way.',
      );
    }
    return { purchase: (await m.findPurchase(tx, id))!, abandoned };
  });
}

/** Starts the membership and queues its email, once per attempt; false if it is not pending. */
async function confirm(context: PurchaseContext, purchaseId: string): Promise<void> {
  await inTransaction(context.db, async (tx) => {
    const purchase = await m.findPurchase(tx, purchaseId, true);
    if (purchase?.status !== 'pending') return;
    const venue = context.venueFor(purchase.venueSlug);
    const profile = await findProfile(tx, purchase.accountId);
    if (!venue || !profile) throw new Error(`purchase ${purchaseId} lost its venue or account`);
    await m.confirmPurchase(tx, purchase.id);
    const membership = await startMembership(tx, purchase.accountId, 'atg-plus', null);
    const offer = (await m.membershipOffers(tx, venue.slug, venue.currency)).find(
      (row) => row.scheme === 'atg-plus',
    )!;
    const email = renderMembershipConfirmation({
      venue,
      firstName: profile.firstName,
      schemeName: offer.name,
      benefits: offer.benefits,
      membership,
      amount: purchase.amount,
    });
    await m.insertMembershipEmail(tx, profile.email, email);
  });
}

async function answer(
  context: PurchaseContext,
  purchase: m.PurchaseRow,
  payment: Payment | null,
): Promise<MembershipPurchaseResponse> {
  const base = {
    purchaseId: purchase.id,
    paymentId: payment?.id ?? purchase.paymentId,
    amount: { amount: purchase.amount, currency: purchase.currency },
    membership: null,
  };
  if (purchase.status === 'confirmed') {
    const row = (await m.accountMemberships(context.db, purchase.accountId)).find(
      (candidate) => candidate.scheme === 'atg-plus',
    );
    return { ...base, outcome: 'confirmed', membership: row ? membershipView(row) : null };
  }
  if (purchase.status === 'failed') {
    if (purchase.failure === 'timed_out') return { ...base, outcome: 'timed_out' };
    return {
      ...base,
      outcome: 'declined',
      ...(payment?.declineReason ? { declineReason: payment.declineReason } : {}),
    };
  }
  return {
    ...base,
    outcome: 'action_required',
    ...(payment?.action ? { action: payment.action } : {}),
  };
}

/** Step 3: where the payment stands, made into the attempt's outcome and the buyer's answer. */
async function settle(
  context: PurchaseContext,
  purchaseId: string,
  payment: Payment,
): Promise<MembershipPurchaseResponse> {
  await m.setPurchasePayment(context.db, purchaseId, payment.id);
  switch (payment.status) {
    case 'declined':
    case 'voided':
    case 'refunded':
      await m.failPurchase(context.db, purchaseId, 'declined');
      break;
    case 'timed_out':
      await m.failPurchase(context.db, purchaseId, 'timed_out');
      break;
    case 'authorised':
    case 'captured':
      await confirm(context, purchaseId);
      break;
    case 'action_required':
      break;
  }
  const purchase = (await m.findPurchase(context.db, purchaseId))!;
  if (purchase.status === 'confirmed' && payment.status === 'authorised') {
    try {
      await context.payments.capture(payment.id);
    } catch (error) {
      // The membership stands and the authorisation keeps the money reserved.
      context.warn('capture of a membership purchase failed', error);
    }
  }
  if (purchase.status === 'failed') await releaseMoney(context, payment.id);
  return answer(context, purchase, payment);
}

async function purchaseOnce(
  context: PurchaseContext,
  request: PurchaseRequest,
): Promise<MembershipPurchaseResponse> {
  const venue = context.venueFor(request.body.venue);
  if (!venue) throw notFound('Venue');
  const { purchase, abandoned } = await prepareAttempt(context, request, venue);
  for (const paymentId of abandoned) await releaseMoney(context, paymentId);
  if (purchase.status !== 'pending' && !purchase.paymentId) return answer(context, purchase, null);
  let payment: Payment;
  try {
    payment = await context.payments.authorise({
      sessionId: request.sessionId,
      idempotencyKey: request.key,
      token: request.body.cardToken,
      amount: purchase.amount,
      currency: purchase.currency,
      reference: purchase.id,
      returnUrl: MEMBERSHIP_VERIFY_PATH,
      fraud: { browser: request.body.browser, ...request.seen },
    });
    if (purchase.paymentId) {
      payment = await context.payments.status(payment.id, { sessionId: request.sessionId });
    }
  } catch (error) {
    // A refused card (a used token) charged nothing: the account may try again at once.
    if (error instanceof ApiError && error.statusCode < 500 && error.statusCode !== 409) {
      await m.failPurchase(context.db, purchase.id, 'refused');
    }
    throw error;
  }
  return settle(context, purchase.id, payment);
}

/** What the purchase's Idempotency-Key stands for (the fraud data may differ on a retry). */
function purchaseHash(body: AtgPurchaseBody): string {
  return requestHash('POST /memberships/atg-plus/purchase', {
    venue: body.venue,
    cardToken: body.cardToken,
  });
}

/** POST /memberships/atg-plus/purchase, once per (session, Idempotency-Key). */
export async function purchaseAtgPlus(
  context: PurchaseContext,
  request: PurchaseRequest,
): Promise<StoredResponse> {
  // Namespaced: the payment service keeps `payment:<key>` and orders the raw key.
  const key = {
    sessionId: request.sessionId,
    key: `membership:${request.key}`,
    hash: purchaseHash(request.body),
  };
  return idempotentEffect(context.db, key, async () => ({
    status: 200,
    body: await purchaseOnce(context, request),
  }));
}

/** After the 3-D Secure step: the account's own attempt with that payment, else 404. */
export async function continuePurchase(
  context: PurchaseContext,
  request: { sessionId: string; accountId: string; purchaseId: string; paymentId: string },
): Promise<MembershipPurchaseResponse> {
  const purchase = await m.findPurchase(context.db, request.purchaseId);
  if (
    !purchase ||
    purchase.accountId !== request.accountId ||
    purchase.paymentId !== request.paymentId
  ) {
    throw notFound('Purchase');
  }
  if (purchase.status !== 'pending') {
    const payment = await context.payments.status(request.paymentId).catch(() => null);
    return answer(context, purchase, payment);
  }
  const payment = await context.payments.continue(purchase.sessionId, request.paymentId);
  return settle(context, purchase.id, payment);
}
