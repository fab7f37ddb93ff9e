import { z } from 'zod';
import { VERIFICATION_TOKEN_PATTERN } from '../accountActivation';
import { EMAIL_MAX_LENGTH, isEmailAddress } from '../address/email';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordLength } from '../passwords';
import { SLUG_PATTERN } from '../patterns';
import { text } from '../text';
import { NAME_MAX_LENGTH } from './checkout';

/**
 * Signing in, sessions and accounts (issue 14). Every call needs the session cookie (401
 * `unauthorised` without); state-changing ones the `x-csrf-token` header (403 `csrf_failed`).
 * Answers are no-store; refusals are apiErrorSchema bodies.
 *
 * Authentication service (`/services/auth`):
 * - `GET /session` → 200 SignInState. A read: it never moves the idle limit.
 * - `POST /sign-in` `{ email, password, venue }` → 200 `{ ...SignInState, csrfToken }` and a NEW
 *   session cookie: the same session row (basket, holds, checkout answers stay) under a new token
 *   and CSRF token, so the cookie from before the sign-in reads nothing. Refusals: 401
 *   `sign_in_failed` (unknown email, wrong password, account not activated: one status, body and
 *   similar time), 429 `sign_in_throttled` + Retry-After (per account and per client address,
 *   the same whether or not the account exists), 403 `forbidden` (venue with loginDisabled).
 * - `POST /sign-out` `{ reason: 'user' | 'timeout' }` → 200 `{ csrfToken, expiresAt }` and a new
 *   cookie. `user` (the buyer chose to): the session is ended on the server, its holds released
 *   and its basket gone, and a new anonymous session replaces it, so a shared computer keeps
 *   nothing of the member's. `timeout` (the SPA's inactivity timer ran out): only the sign-in
 *   ends; the session goes on as a guest's under new tokens, its held seats following the hold
 *   rules, not the sign-in.
 * - `POST /keep-alive` → 200 SignInState, the idle limit moved on; 401 `sign_in_required` once
 *   the sign-in has ended. Every state-changing call of a signed-in session moves it too.
 * - `POST /password-reset` `{ email, venue }` → 202 `{}` always; an account's address gets a
 *   one-time link (RESET_LINK_MINUTES) in the outbox, written after the answer has gone so its
 *   timing says nothing. 429 `rate_limited` per client address.
 * - `POST /password-reset/complete` `{ token, password }` → 200 `{}`, every session of the
 *   account signed out; 410 `reset_link_invalid` (unknown, used or expired: one answer); 400
 *   validation_failed `fields: ['body.password']` for a password the rules refuse.
 * - `POST /password` `{ currentPassword, newPassword }` (signed in) → 200 `{ csrfToken }` and a
 *   new cookie; every other session of the account signed out. 401 `sign_in_failed` for a wrong
 *   current password; 400 validation_failed `['body.newPassword']`.
 * - `POST /email` `{ password, newEmail, venue }` (signed in) → 202 `{ email }`; a link to the
 *   new address (VERIFICATION_LINK_HOURS) and a notice to the old one. 401 `sign_in_failed` for
 *   a wrong password; 429 `rate_limited` per client address. The same 202, and the same notice
 *   to the old address, whether or not the new address has an account (that one is told
 *   instead, and the change cannot complete).
 * - `POST /email/confirm` `{ token }` (no session needed) → 200 `{ account }`; 410
 *   `verification_link_invalid`.
 *
 * Customer-accounts service (`/services/customer-accounts`):
 * - `POST /accounts/register` RegisterBody → 202 `{ email }` always: an unknown address gets the
 *   activation link as today, a known one an "you already have an account" email. 400
 *   validation_failed `['body.password']` for a refused password (the only refusal that can
 *   be told without knowing the account: it depends on the typed values alone), 403 `forbidden`
 *   for a venue with loginDisabled, 429 `rate_limited`.
 *
 * A call that needs a signed-in session and has none answers 401 `sign_in_required`. The
 * password typed again to change the password or the email is throttled like a sign-in (429
 * `sign_in_throttled`). Every call naming a `venue` answers 403 `forbidden` for a venue with
 * loginDisabled. The SPA takes the limits as values from ./constants.ts (zod-free).
 */

// The limits live in the zod-free constants module, so the SPA can import their values.
export {
  RESET_LINK_MINUTES,
  SIGN_IN_ABSOLUTE_HOURS,
  SIGN_IN_IDLE_MINUTES,
  SIGN_IN_WARNING_SECONDS,
} from './constants';

/** A reset or email-change link's token: 256 random bits as 43 base64url characters. */
export const LINK_TOKEN_PATTERN = VERIFICATION_TOKEN_PATTERN;

const venueSchema = z
  .string()
  .regex(SLUG_PATTERN)
  .describe('The venue the buyer is at: its flags (loginDisabled) and its emails.');

/**
 * An email as typed: trimmed, and checked with the checkout's rule. Sign-in does not check the
 * form (an odd address must get the same 401 as any unknown one), only the length.
 */
const typedEmail = () => text().trim().max(EMAIL_MAX_LENGTH);
const newEmail = () =>
  typedEmail().refine((value) => isEmailAddress(value), 'must be an email address');

/** Raw, untrimmed: spaces are characters like any other (800-63B); counted in code points. */
const newPassword = () =>
  text()
    .max(PASSWORD_MAX_LENGTH * 4)
    .refine((value) => {
      const length = passwordLength(value);
      return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
    })
    .describe(
      `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters (Unicode NFKC code points), not containing the email's name part, not one of the common passwords.`,
    );
/** A password to check, never judged: a wrong one is simply wrong. */
const typedPassword = () => text().max(PASSWORD_MAX_LENGTH * 4);

const linkToken = () =>
  z
    .string()
    .regex(LINK_TOKEN_PATTERN)
    .describe("The emailed link's token: 43 base64url characters.");

export const accountSummarySchema = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const signInStateSchema = z.strictObject({
  account: accountSummarySchema.nullable(),
  /** ISO instant the sign-in ends unless the buyer acts; null for a guest. */
  idleExpiresAt: z.string().nullable(),
  /** ISO instant the sign-in ends whatever happens; null for a guest. */
  absoluteExpiresAt: z.string().nullable(),
});
export type SignInState = z.infer<typeof signInStateSchema>;

export const signInBodySchema = z.strictObject({
  email: typedEmail(),
  password: typedPassword(),
  venue: venueSchema,
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signInResponseSchema = signInStateSchema.extend({ csrfToken: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const SIGN_OUT_REASONS = ['user', 'timeout'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];

export const signOutBodySchema = z.strictObject({ reason: z.enum(SIGN_OUT_REASONS) });
export type SignOutBody = z.infer<typeof signOutBodySchema>;

/** The anonymous session that replaces the ended one (as POST /services/session/sessions). */
export const signOutResponseSchema = z.strictObject({
  csrfToken: z.string(),
  expiresAt: z.string(),
});
export type SignOutResponse = z.infer<typeof signOutResponseSchema>;

export const passwordResetBodySchema = z.strictObject({ email: typedEmail(), venue: venueSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const emptyResponseSchema = z.strictObject({});

export const passwordResetCompleteBodySchema = z.strictObject({
  token: linkToken(),
  password: newPassword(),
});
export type PasswordResetCompleteBody = z.infer<typeof passwordResetCompleteBodySchema>;

export const changePasswordBodySchema = z.strictObject({
  currentPassword: typedPassword(),
  newPassword: newPassword(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordResponseSchema = z.strictObject({ csrfToken: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const changeEmailBodySchema = z.strictObject({
  password: typedPassword(),
  newEmail: newEmail(),
  venue: venueSchema,
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const changeEmailResponseSchema = z.strictObject({ email: z.string() });
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

export const confirmEmailBodySchema = z.strictObject({ token: linkToken() });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

export const confirmEmailResponseSchema = z.strictObject({ account: accountSummarySchema });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponseSchema>;

/** Sign-up from anywhere (header, checkout): `POST /services/customer-accounts/accounts/register`. */
export const registerBodySchema = z.strictObject({
  email: newEmail(),
  firstName: text().trim().min(1).max(NAME_MAX_LENGTH),
  lastName: text().trim().min(1).max(NAME_MAX_LENGTH),
  password: newPassword(),
  marketingOptIn: z.boolean(),
  venue: venueSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResponseSchema = z.strictObject({ email: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
