import type { Database } from '../db/database';
import { countCall, type RateLimit } from '../http/rateLimit';
import { keyedDigest } from '../http/failureThrottle';
import { ApiError } from '../lib/errors';
import type { ServerKeys } from '../lib/serverKeys';
import { queueConfirmationCopy } from '../email';
import { findConfirmedOrderFor } from './queries';

/**
 * Find my tickets (issue 25): a guest who lost the confirmation email types its address and the
 * order number and gets the email again. Whether the pair matches is never told: every request
 * is counted and answered alike, and only a matching pair queues a copy of the confirmation.
 */

export interface FindTicketsLimits {
  /** Requests from one client address, any pairs: a script trying numbers is stopped early. */
  perClient: RateLimit;
  /** Requests naming one email address: nobody fills a mailbox with copies. */
  perEmail: RateLimit;
  /** Requests naming one order number, with any email. */
  perOrder: RateLimit;
}

/**
 * A buyer asks once or twice; 3 copies of one order and 5 requests for one address an hour are
 * plenty, and 20 requests a quarter hour from one client address leave a box office's shared
 * network room while a guesser gets nowhere (numbers have 31^8 values).
 */
export const DEFAULT_FIND_TICKETS_LIMITS: FindTicketsLimits = {
  perClient: { max: 20, windowSeconds: 900 },
  perEmail: { max: 5, windowSeconds: 3600 },
  perOrder: { max: 3, windowSeconds: 3600 },
};

const KEY_NAME = 'find-tickets-throttle';

/** The address as one mailbox, whatever case or spacing it was typed in. */
const emailKey = (email: string) => email.normalize('NFKC').trim().toLowerCase();

/**
 * Counts the request against its email's and its order number's limits (keyed digests: the
 * counters never list who asked about what) and refuses it, 429 with Retry-After seconds, once
 * either is used up. Counted whether or not the pair matches, so a refusal tells nothing either.
 */
export async function throttleFindTickets(
  db: Database,
  keys: ServerKeys,
  request: { email: string; orderNumber: string },
  limits: FindTicketsLimits,
): Promise<{ retryAfterSeconds: number } | undefined> {
  const [email, order] = await Promise.all([
    keyedDigest(keys, KEY_NAME, emailKey(request.email)),
    keyedDigest(keys, KEY_NAME, request.orderNumber),
  ]);
  const verdicts = [
    await countCall(db, 'find-tickets-email', email, limits.perEmail),
    await countCall(db, 'find-tickets-order', order, limits.perOrder),
  ];
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length === 0) return undefined;
  return { retryAfterSeconds: Math.max(...refused.map((verdict) => verdict.retryAfterSeconds)) };
}

export const findTicketsThrottled = () =>
  new ApiError(429, 'rate_limited', 'Too many requests for these tickets. Try again later.');

/** Queues a copy of the confirmation when the pair is a confirmed order's; says nothing back. */
export async function resendConfirmation(
  db: Database,
  request: { email: string; orderNumber: string },
): Promise<void> {
  const orderId = await findConfirmedOrderFor(db, request.orderNumber, request.email.trim());
  if (orderId) await queueConfirmationCopy(db, orderId);
}
