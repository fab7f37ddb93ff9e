import { randomBytes } from 'node:crypto';
import { VERIFICATION_LINK_HOURS } from '../../contract/accountActivation';
import {
  confirmEmailPath,
  resetPasswordCompletePath,
  resetPasswordPath,
  signInPath,
} from '../../contract/accountLinks';
import { RESET_LINK_MINUTES, type AccountSummary } from '../../contract/api/auth';
import type { VenueSettings } from '../../contract/venue';
import type { Database, Queryable } from '../db/database';
import * as a from './queries/accounts';
import { rotateSessionToken, signOutAccountSessions } from '../http/queries/sessions';
import {
  renderAccountExists,
  renderEmailChange,
  renderEmailChangeNotice,
  renderPasswordReset,
} from '../email';
import { queueAccountEmail } from '../email';
import { assertAccountPassword } from './password';
import { ApiError } from '../lib/errors';
import { hashPassword, verifyPassword } from './passwordHash';
import { newSessionTokens, type SessionTokens } from '../lib/sessionTokens';
import { signInFailed, signInRequired } from './signIn';
import { hashToken } from '../lib/tokenHash';

/**
 * Looking after an account (issue 14): a forgotten password reset by an emailed one-time link,
 * a password changed by its holder, and an email address moved by a link to the new address.
 * Links are 256 random bits kept only as their SHA-256 (migration 0019); no answer says whether
 * an address has an account.
 */

export interface LinkContext {
  venue: VenueSettings;
  /** The shop's origin for the links: configured, never a request's Host. */
  linkOrigin: string;
}

function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

const summaryOf = (account: a.AccountCredentials): AccountSummary => ({
  email: account.email,
  firstName: account.firstName,
  lastName: account.lastName,
});

/**
 * Emails a reset link when the address has an account (activated or not: opening the link
 * proves the mailbox, so it activates one that was not); nothing otherwise. The caller answers
 * 202 either way.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  ctx: LinkContext,
): Promise<void> {
  const account = await a.findAccountByEmail(db, email);
  if (!account) return;
  const { token, tokenHash } = newLinkToken();
  await db.transaction(async (tx) => {
    await a.replaceAccountLink(tx, {
      accountId: account.id,
      purpose: 'password_reset',
      tokenHash,
      minutes: RESET_LINK_MINUTES,
    });
    const rendered = renderPasswordReset({
      venue: ctx.venue,
      firstName: account.firstName,
      resetUrl: `${ctx.linkOrigin}${resetPasswordCompletePath(token, ctx.venue.slug)}`,
      minutes: RESET_LINK_MINUTES,
    });
    await queueAccountEmail(tx, 'password_reset', account.email, rendered);
  });
}

const resetLinkInvalid = () =>
  new ApiError(
    410,
    'reset_link_invalid',
    'This password reset link has expired, has been used or was replaced by a newer one.',
  );

/**
 * Sets the new password of a live reset link's account and uses the link up; every session of
 * the account is signed out (whoever knew the old password loses the account). A refused
 * password leaves the link working, so the buyer can choose another.
 */
export async function completePasswordReset(
  db: Database,
  token: string,
  password: string,
): Promise<void> {
  const tokenHash = hashToken(token);
  const link = await a.findAccountLink(db, tokenHash, 'password_reset');
  if (!link) throw resetLinkInvalid();
  await assertAccountPassword(password, link.email, 'body.password');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Found and deleted in one statement: of two submits at once, one sets the password.
    const used = await a.useAccountLink(tx, tokenHash, 'password_reset');
    if (!used) throw resetLinkInvalid();
    await a.setAccountPassword(tx, used.accountId, passwordHash, true);
    await a.deleteAccountLinks(tx, used.accountId, 'password_reset');
    await signOutAccountSessions(tx, used.accountId);
  });
}

export interface AccountSession {
  sessionId: string;
  /** BuyerSession.accountId: null unless signed in within both limits. */
  accountId: string | null;
}

export interface PasswordCheck {
  /** Before the check: the sign-in throttle for the account's email (429 when used up). */
  before(email: string): Promise<void>;
  /** After a wrong password: counted as a failed sign-in. */
  failed(email: string): Promise<void>;
}

/**
 * The signed-in account, once its password has been typed again: every change of it starts
 * here, throttled like a sign-in (a session left open must not become a password oracle).
 */
async function confirmHolder(
  db: Queryable,
  session: AccountSession,
  password: string,
  check: PasswordCheck,
): Promise<a.AccountCredentials> {
  if (!session.accountId) throw signInRequired();
  const account = await a.findAccountById(db, session.accountId);
  if (!account) throw signInRequired();
  await check.before(account.email);
  if (!(await verifyPassword(password, account.passwordHash))) {
    await check.failed(account.email);
    throw signInFailed();
  }
  return account;
}

/**
 * A signed-in holder changes their password, the current one checked first. This session goes
 * on under new tokens (the caller sets the new cookie); every other session of the account is
 * signed out, and any reset link stops working.
 */
export async function changePassword(
  db: Database,
  session: AccountSession,
  input: { currentPassword: string; newPassword: string },
  check: PasswordCheck,
): Promise<{ tokens: SessionTokens; expiresAt: Date }> {
  const account = await confirmHolder(db, session, input.currentPassword, check);
  await assertAccountPassword(input.newPassword, account.email, 'body.newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const tokens = newSessionTokens();
  const expiresAt = await db.transaction(async (tx) => {
    await a.setAccountPassword(tx, account.id, passwordHash, false);
    await a.deleteAccountLinks(tx, account.id, 'password_reset');
    await signOutAccountSessions(tx, account.id, session.sessionId);
    return rotateSessionToken(tx, { sessionId: session.sessionId, ...tokens });
  });
  if (!expiresAt) throw signInRequired();
  return { tokens, expiresAt };
}

/**
 * A signed-in holder asks to move the account to `newEmail` (password checked). The new
 * address gets a link (VERIFICATION_LINK_HOURS) and the old one a notice; when the new address
 * already has an account, that address is told instead and nothing can change. The answer is
 * the same either way.
 */
export async function requestEmailChange(
  db: Database,
  session: AccountSession,
  input: { password: string; newEmail: string },
  check: PasswordCheck,
  ctx: LinkContext,
): Promise<void> {
  const account = await confirmHolder(db, session, input.password, check);
  const taken = await a.findAccountByEmail(db, input.newEmail);
  await db.transaction(async (tx) => {
    // Its own address, in any case, is "taken" too: nothing to change, and nothing to tell.
    if (taken?.id === account.id) return;
    if (taken) {
      const rendered = renderAccountExists({
        venue: ctx.venue,
        firstName: taken.firstName,
        reason: 'emailChange',
        signInUrl: `${ctx.linkOrigin}${signInPath(ctx.venue.slug)}`,
        resetUrl: `${ctx.linkOrigin}${resetPasswordPath(ctx.venue.slug)}`,
      });
      await queueAccountEmail(tx, 'account_exists', taken.email, rendered);
    } else {
      const { token, tokenHash } = newLinkToken();
      await a.replaceAccountLink(tx, {
        accountId: account.id,
        purpose: 'email_change',
        tokenHash,
        minutes: VERIFICATION_LINK_HOURS * 60,
        newEmail: input.newEmail,
      });
      const link = renderEmailChange({
        venue: ctx.venue,
        firstName: account.firstName,
        newEmail: input.newEmail,
        confirmUrl: `${ctx.linkOrigin}${confirmEmailPath(token, ctx.venue.slug)}`,
        hours: VERIFICATION_LINK_HOURS,
      });
      await queueAccountEmail(tx, 'email_change', input.newEmail, link);
    }
    // The old address is told either way: a notice only when the new address is free would
    // tell whoever reads the old mailbox which addresses have accounts.
    const notice = renderEmailChangeNotice({
      venue: ctx.venue,
      firstName: account.firstName,
      newEmail: input.newEmail,
      resetUrl: `${ctx.linkOrigin}${resetPasswordPath(ctx.venue.slug)}`,
    });
    await queueAccountEmail(tx, 'email_change_notice', account.email, notice);
  });
}

const emailLinkInvalid = () =>
  new ApiError(
    410,
    'verification_link_invalid',
    'This link has expired, has been used or was replaced by a newer one.',
  );

/**
 * Moves the account to the address its link was sent to, once. An address that another
 * account took meanwhile makes the link invalid (nothing changes).
 */
export async function confirmEmailChange(db: Database, token: string): Promise<AccountSummary> {
  return db.transaction(async (tx) => {
    const used = await a.useAccountLink(tx, hashToken(token), 'email_change');
    if (!used?.newEmail) throw emailLinkInvalid();
    const account = await a.setAccountEmail(tx, used.accountId, used.newEmail);
    if (!account) throw emailLinkInvalid();
    return summaryOf(account);
  });
}
