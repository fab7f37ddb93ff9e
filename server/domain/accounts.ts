import { createHash, randomBytes } from 'node:crypto';
import { activationPath, VERIFICATION_LINK_HOURS } from '../../contract/accountActivation';
import { passwordProblem } from '../../contract/passwords';
import type { VenueSettings } from '../../contract/venue';
import type { Database, Queryable } from '../db/database';
import { queueAccountActivation } from '../email/outbox';
import { ApiError, notFound } from './errors';
import { hashPassword } from './passwordHash';

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

interface OrderCustomer {
  email: string;
  firstName: string;
  lastName: string;
  number: string;
  venueSlug: string;
}

/** The customer of a confirmed order this session bought; anyone else's order is not found. */
async function customerOfOwnOrder(
  db: Queryable,
  sessionId: string,
  orderId: string,
): Promise<OrderCustomer> {
  const { rows } = await db.query<OrderCustomer>(
    `SELECT o.details->'contact'->>'email' AS email,
            o.details->'contact'->>'firstName' AS "firstName",
            o.details->'contact'->>'lastName' AS "lastName",
            o.number, sh.venue_slug AS "venueSlug"
     FROM orders o
     JOIN performances p ON p.id = o.performance_id
     JOIN shows sh ON sh.id = p.show_id
     WHERE o.id = $1 AND o.session_id = $2 AND o.status = 'confirmed'`,
    [orderId, sessionId],
  );
  const customer = rows[0];
  if (!customer) throw notFound('The order');
  return customer;
}

const accountExists = () =>
  new ApiError(409, 'account_exists', 'An account with this email address already exists.');

async function verifiedAccountExists(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND verified_at IS NOT NULL',
    [email],
  );
  return rows.length > 0;
}

/** 256 random bits for the link; the database keeps only their SHA-256. */
function newVerificationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: verificationTokenHash(token) };
}

const verificationTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

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
  if (await verifiedAccountExists(db, customer.email)) throw accountExists();
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
    const linked = await tx.query(
      'UPDATE orders SET account_id = $1 WHERE id = $2 AND account_id IS NULL',
      [accountId, input.orderId],
    );
    if (linked.rowCount !== 1) throw accountExists();
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
    const { rows: existing } = await tx.query<{ id: string; verified: boolean }>(
      `SELECT id, verified_at IS NOT NULL AS verified FROM accounts
       WHERE lower(email) = lower($1) FOR UPDATE`,
      [customer.email],
    );
    const current = existing[0];
    if (current?.verified) throw accountExists();
    if (current) await tx.query('DELETE FROM accounts WHERE id = $1', [current.id]);
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO accounts (email, first_name, last_name, password_hash, marketing_opt_in,
         verification_token_hash, verification_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7::int))
       ON CONFLICT ((lower(email))) DO NOTHING
       RETURNING id`,
      [
        customer.email,
        customer.firstName,
        customer.lastName,
        secrets.passwordHash,
        secrets.marketingOptIn,
        secrets.tokenHash,
        VERIFICATION_LINK_HOURS,
      ],
    );
    if (rows[0]) return rows[0].id;
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
  const { rows } = await db.query<{ email: string }>(
    `UPDATE accounts SET verified_at = now(), verification_token_hash = NULL,
       verification_expires_at = NULL
     WHERE verification_token_hash = $1 AND verification_expires_at > now()
     RETURNING email`,
    [verificationTokenHash(token)],
  );
  const account = rows[0];
  if (!account) throw linkInvalid();
  return { email: account.email };
}
