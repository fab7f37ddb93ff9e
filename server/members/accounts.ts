import { randomBytes } from 'node:crypto';
import { activationPath, VERIFICATION_LINK_HOURS } from '../../contract/accountActivation';
import { passwordProblem } from '../../contract/passwords';
import type { VenueSettings } from '../../contract/venue';
import type { Database, Queryable } from '../db/database';
import * as a from './queries/accounts';
import type { OrderCustomer } from './queries/accounts';
import { queueAccountActivation } from '../email';
import { ApiError, notFound } from '../lib/errors';
import { hashPassword } from './passwordHash';
import { hashToken } from '../lib/tokenHash';

/**
 * Accounts made from an order (issue 5, the confirmation page's sign-up panel). The account
 * takes who the buyer is from the order, never from the request: only the password and the
 * marketing choice are the buyer's to send.
 *
 * The order's email was typed by whoever bought, so it proves nothing: an account starts
 * unverified and is activated by a one-time link sent to that email. Until then it blocks no
 * one: a later sign-up for the email replaces it, whoever made either.
 */

export interface SignUpFromOrder {
  sessionId: string;
  orderId: string;
  password: string;
  marketingOptIn: boolean;
}

export interface SignUpContext {
  venueFor(slug: string): VenueSettings | undefined;
  /** The shop's origin for the activation link: configured, never a request's Host. */
  linkOrigin: string;
}

/** The customer of a confirmed order this session bought; anyone else's order is not found. */
async function customerOfOwnOrder(
  db: Queryable,
  sessionId: string,
  orderId: string,
): Promise<OrderCustomer> {
  const customer = await a.findOrderCustomer(db, sessionId, orderId);
  if (!customer) throw notFound('The order');
  return customer;
}

const accountExists = () =>
  new ApiError(409, 'account_exists', 'An account with this email address already exists.');

/** 256 random bits for the link; the database keeps only their SHA-256. */
function newVerificationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Looks for the email's account again when a concurrent sign-up inserted one meanwhile. */
const INSERT_ATTEMPTS = 3;

/**
 * Makes the unverified account, links the order to it and queues the activation email, in one
 * transaction. The password is hashed outside it (a good part of a second) after a look for a
 * verified account, so a buyer who has one is told at once; the locked look inside decides.
 */
export async function signUpFromOrder(
  db: Database,
  input: SignUpFromOrder,
  ctx: SignUpContext,
): Promise<{ email: string }> {
  const customer = await customerOfOwnOrder(db, input.sessionId, input.orderId);
  const venue = ctx.venueFor(customer.venueSlug);
  if (!venue) throw new Error(`order ${input.orderId} is at ${customer.venueSlug}, not loaded`);
  // The venue decides whether its buyers get accounts: loginDisabled means none anywhere.
  if (venue.flags.loginDisabled || !venue.flags.shouldShowOrderConfirmationSignup) {
    throw new ApiError(403, 'forbidden', 'This venue does not offer accounts.');
  }
  if (passwordProblem(input.password, customer.email) !== null) {
    // The length rules were checked with the body; what is left needs the order's email.
    throw new ApiError(400, 'validation_failed', 'The password cannot be used.', ['body.password']);
  }
  if (await a.verifiedAccountExists(db, customer.email)) throw accountExists();
  const passwordHash = await hashPassword(input.password);
  const { token, tokenHash } = newVerificationToken();

  return db.transaction(async (tx) => {
    const accountId = await insertReplacingUnverified(tx, customer, {
      passwordHash,
      marketingOptIn: input.marketingOptIn,
      tokenHash,
    });
    // An order already in another account stays there; throwing rolls everything back,
    // the replaced account included.
    if (!(await a.linkOrderToAccount(tx, accountId, input.orderId))) throw accountExists();
    await queueAccountActivation(tx, {
      venue,
      firstName: customer.firstName,
      email: customer.email,
      orderNumber: customer.number,
      activationUrl: `${ctx.linkOrigin}${activationPath(token, venue.slug)}`,
      hours: VERIFICATION_LINK_HOURS,
    });
    return { email: customer.email };
  });
}

/**
 * The email's account as it stands, locked: a verified one refuses the sign-up, an unverified
 * one is deleted (its orders fall back to none, its link stops working), then the new one is
 * inserted with its token's hash and deadline.
 */
async function insertReplacingUnverified(
  tx: Queryable,
  customer: OrderCustomer,
  secrets: { passwordHash: string; marketingOptIn: boolean; tokenHash: string },
): Promise<string> {
  for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt += 1) {
    const current = await a.lockAccountByEmail(tx, customer.email);
    if (current?.verified) throw accountExists();
    if (current) await a.deleteAccount(tx, current.id);
    const id = await a.insertAccount(tx, {
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      passwordHash: secrets.passwordHash,
      marketingOptIn: secrets.marketingOptIn,
      verificationTokenHash: secrets.tokenHash,
      verificationHours: VERIFICATION_LINK_HOURS,
    });
    if (id) return id;
    // Another sign-up for the email committed between the look and the insert: look again.
  }
  throw accountExists();
}

const linkInvalid = () =>
  new ApiError(
    410,
    'verification_link_invalid',
    'This activation link has expired, has been used or was replaced by a newer one.',
  );

/**
 * Activates the account of a link's token, once: one statement finds it by the token's hash,
 * checks the deadline and clears the token, so two clicks at once activate it one time.
 */
export async function verifyAccount(db: Queryable, token: string): Promise<{ email: string }> {
  const email = await a.verifyAccountByToken(db, hashToken(token));
  if (email === undefined) throw linkInvalid();
  return { email };
}
