import { z } from 'zod';
import { idInputSchema } from './common';
import { VERIFICATION_TOKEN_PATTERN } from '../accountActivation';
import { text } from '../text';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../passwords';

/**
 * Customer accounts service (`/services/customer-accounts`), issue 5: a guest who has just
 * bought turns the order into an account (the confirmation page's sign-up panel, venue flag
 * shouldShowOrderConfirmationSignup). Signing in and memberships come with the accounts issue.
 *
 * - `POST /accounts` (session cookie + `x-csrf-token`): `{ orderId, password, marketingOptIn? }`.
 *   The account takes the order's email and names, so only the session that bought the order
 *   can make it. It is made unverified and an activation link (contract/accountActivation.ts,
 *   valid VERIFICATION_LINK_HOURS) is emailed to that address. An unverified account for the
 *   email, whoever made it, is replaced (its link stops working, its orders leave it), so an
 *   email typed by someone else never blocks the mailbox's owner. 201 `{ account: { email } }`.
 *   Refusals: 400 validation_failed (`fields: ['body.password']` for a password the rules in
 *   contract/passwords.ts refuse), 401 unauthorised / 403 csrf_failed (no session, bad token),
 *   404 not_found (no confirmed order of this session with that id), 409 account_exists (the
 *   order's email has a verified account, in any letter case, or the order is in another
 *   account), 429 rate_limited (Retry-After).
 * - `POST /accounts/verify` (no session): `{ token }` from the activation link. Activates the
 *   account once: 200 `{ account: { email } }`. Refusals: 400 validation_failed (not a token),
 *   410 verification_link_invalid (unknown, expired, already used or replaced: one answer, so a
 *   guess learns nothing), 429 rate_limited (Retry-After).
 *
 * The password is never stored, logged or echoed: only its scrypt hash is kept. The token is
 * kept only as a SHA-256; the activation email in the outbox is the one place it is written.
 */

export const createAccountBodySchema = z.strictObject({
  orderId: idInputSchema,
  // Raw, untrimmed: spaces are characters like any other (800-63B); counted in code points.
  password: text()
    .max(PASSWORD_MAX_LENGTH * 4)
    .refine((value) => {
      const length = passwordLength(value);
      return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
    })
    .describe(
      `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters (Unicode NFKC code points), not containing the order email's name part.`,
    ),
  /** Account emails about shows and offers; false when left out (never assumed). */
  marketingOptIn: z.boolean().optional(),
});
export type CreateAccountBody = z.infer<typeof createAccountBodySchema>;

export const accountResponseSchema = z.strictObject({
  account: z.strictObject({ email: z.string() }),
});
export type AccountResponse = z.infer<typeof accountResponseSchema>;

export const verifyAccountBodySchema = z.strictObject({
  token: z
    .string()
    .regex(VERIFICATION_TOKEN_PATTERN)
    .describe("The activation link's token: 43 base64url characters."),
});
export type VerifyAccountBody = z.infer<typeof verifyAccountBodySchema>;
