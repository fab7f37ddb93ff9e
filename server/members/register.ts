import { randomBytes } from 'node:crypto';
import { activationPath, VERIFICATION_LINK_HOURS } from '../../contract/accountActivation';
import { resetPasswordPath, signInPath } from '../../contract/accountLinks';
import type { RegisterBody } from '../../contract/api/auth';
import type { VenueSettings } from '../../contract/venue';
import type { Database } from '../db/database';
import * as a from './queries/accounts';
import { renderAccountExists } from '../email';
import { queueAccountActivation, queueAccountEmail } from '../email';
import { assertAccountPassword } from './password';
import { hashPassword } from './passwordHash';
import { hashToken } from '../lib/tokenHash';

/**
 * Sign-up from anywhere (issue 14: the header, checkout): like the sign-up from an order, an
 * account starts unverified and is activated by a link sent to its address, and an unverified
 * account for the address is replaced. What is new is that the address is typed, so the answer
 * must not tell whether it has an account: a known address is sent an "you already have an
 * account" email instead, and the caller answers 202 with the address either way. The password
 * is hashed either way too, so both take as long.
 */

export interface RegisterContext {
  venue: VenueSettings;
  /** The shop's origin for the email's links: configured, never a request's Host. */
  linkOrigin: string;
}

/** Looks again when a concurrent sign-up for the address committed between look and insert. */
const INSERT_ATTEMPTS = 3;

export async function registerAccount(
  db: Database,
  input: Omit<RegisterBody, 'venue'>,
  ctx: RegisterContext,
): Promise<void> {
  await assertAccountPassword(input.password, input.email, 'body.password');
  const passwordHash = await hashPassword(input.password);
  const token = randomBytes(32).toString('base64url');
  const { venue, linkOrigin } = ctx;

  await db.transaction(async (tx) => {
    for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt += 1) {
      const current = await a.lockAccountByEmail(tx, input.email);
      if (current?.verified) {
        const holder = await a.findAccountById(tx, current.id);
        const rendered = renderAccountExists({
          venue,
          firstName: holder?.firstName ?? input.firstName,
          reason: 'signUp',
          signInUrl: `${linkOrigin}${signInPath(venue.slug)}`,
          resetUrl: `${linkOrigin}${resetPasswordPath(venue.slug)}`,
        });
        await queueAccountEmail(tx, 'account_exists', holder?.email ?? input.email, rendered);
        return;
      }
      // An address typed by someone else never blocks its owner: the unverified one goes.
      if (current) await a.deleteAccount(tx, current.id);
      const id = await a.insertAccount(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        marketingOptIn: input.marketingOptIn,
        verificationTokenHash: hashToken(token),
        verificationHours: VERIFICATION_LINK_HOURS,
      });
      if (id) {
        await queueAccountActivation(tx, {
          venue,
          firstName: input.firstName,
          email: input.email,
          activationUrl: `${linkOrigin}${activationPath(token, venue.slug)}`,
          hours: VERIFICATION_LINK_HOURS,
        });
        return;
      }
    }
    throw new Error(`sign-up for an address kept changing under ${INSERT_ATTEMPTS} attempts`);
  });
}
