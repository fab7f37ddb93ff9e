import { randomInt } from 'node:crypto';
import {
  ACCESS_EVIDENCE_KINDS,
  ACCESS_EVIDENCE_PATTERNS,
  type AccessJoinBody,
  type Membership,
  type MembershipOffer,
  type MembershipScheme,
} from '../../contract/api/members';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import * as m from './queries/memberships';
import { ApiError, notFound } from '../lib/errors';
import { GUEST, type PromoBuyer } from '../promo';

/**
 * Memberships (issue 14): who has which benefits now, and joining, renewing and cancelling. A
 * benefit holds while the membership's `benefits_until` is in the future (or unset, for an
 * Access membership that runs), judged by the database's clock on every read, so a membership
 * that lapses mid-basket stops its benefits at the next price the buyer sees.
 */

/** ATG+ is bought for a year at a time. */
export const ATG_PLUS_TERM_MONTHS = 12;

export const signInRequired = () =>
  new ApiError(401, 'sign_in_required', 'Sign in to your account to do this.');

/** What the domain needs of a buyer's session (http/buyerSession.ts BuyerSession). */
interface SessionAccount {
  accountId: string | null;
}

/** The signed-in account of a session, or 401 sign_in_required. */
export function accountOf(session: SessionAccount): string {
  if (!session.accountId) throw signInRequired();
  return session.accountId;
}

/** The buyer as prices and holds judge them: a guest, or an account with its live schemes. */
export async function buyerOf(
  db: Queryable,
  session: SessionAccount | null | undefined,
): Promise<PromoBuyer> {
  if (!session?.accountId) return GUEST;
  return { memberships: await m.activeSchemes(db, session.accountId), signedIn: true };
}

/**
 * The same, for code that knows only the session's id (the basket, priced for whoever the
 * session is signed in as at this moment: a sign-in, a sign-out or a lapse re-prices it).
 */
export async function buyerOfSessionId(db: Queryable, sessionId: string): Promise<PromoBuyer> {
  const member = await m.sessionMember(db, sessionId);
  if (member.accountId === null) return GUEST;
  return { memberships: member.schemes, signedIn: true };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What the member sees of a row (contract/api/members.ts membershipSchema). */
export function membershipView(row: m.MembershipRow): Membership {
  const ended = !row.benefitsActive;
  const status = row.cancelledAt ? 'cancelled' : ended ? 'lapsed' : 'active';
  const until = row.benefitsUntil ? isoDay(row.benefitsUntil) : null;
  const renews = row.autoRenew && !row.cancelledAt && !ended && until !== null;
  return {
    scheme: row.scheme,
    status,
    benefitsActive: row.benefitsActive,
    waivesTransactionFee: row.waivesTransactionFee,
    number: row.number,
    startedOn: isoDay(row.startedAt),
    renewsOn: renews ? until : null,
    endsOn: renews ? null : until,
    autoRenew: row.autoRenew,
  };
}

/** "ATG-4821 7730": the scheme's prefix and eight random digits in two groups, as on a card. */
function newMembershipNumber(scheme: MembershipScheme): string {
  const digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
  return `${scheme === 'atg-plus' ? 'ATG' : 'ACC'}-${digits.slice(0, 4)} ${digits.slice(4)}`;
}

export async function listMemberships(db: Queryable, accountId: string): Promise<Membership[]> {
  return (await m.accountMemberships(db, accountId)).map(membershipView);
}

/** Starts a membership, or 409 membership_active when the account has its benefits already. */
export async function startMembership(
  tx: Queryable,
  accountId: string,
  scheme: MembershipScheme,
  evidence: { kind: string; reference: string } | null,
): Promise<Membership> {
  const live = (await m.accountMemberships(tx, accountId)).find(
    (row) => row.scheme === scheme && row.benefitsActive,
  );
  if (live) {
    throw new ApiError(409, 'membership_active', 'This account has this membership already.');
  }
  const row = await m.startMembership(tx, {
    accountId,
    scheme,
    number: newMembershipNumber(scheme),
    termMonths: scheme === 'atg-plus' ? ATG_PLUS_TERM_MONTHS : null,
    // A paid term renews unless the member turns it off; Access has nothing to renew.
    autoRenew: scheme === 'atg-plus',
    evidence,
  });
  return membershipView(row);
}

/**
 * The demo's check of Access evidence (contract ACCESS_EVIDENCE_PATTERNS): the reference must
 * have the form of the document named, spaces ignored, letters upper-cased. Nothing is asked of
 * a third party; a real shop would check the Access Card with its issuer or have the box office
 * see the letter. 400 naming `body.evidenceReference` otherwise.
 */
export function checkAccessEvidence(body: AccessJoinBody): { kind: string; reference: string } {
  const reference = body.evidenceReference.replace(/\s+/g, '').toUpperCase();
  if (!ACCESS_EVIDENCE_PATTERNS[body.evidenceKind].test(reference)) {
    throw new ApiError(400, 'validation_failed', 'This evidence reference is not valid.', [
      'body.evidenceReference',
    ]);
  }
  return { kind: body.evidenceKind, reference };
}

export async function joinAccess(
  tx: Queryable,
  accountId: string,
  body: AccessJoinBody,
): Promise<Membership> {
  return startMembership(tx, accountId, 'access', checkAccessEvidence(body));
}

export async function changeAutoRenew(
  tx: Queryable,
  accountId: string,
  scheme: MembershipScheme,
  autoRenew: boolean,
): Promise<Membership> {
  if (scheme === 'access') {
    throw new ApiError(400, 'validation_failed', 'Access has no term to renew.', ['params.scheme']);
  }
  const row = await m.setAutoRenew(tx, accountId, scheme, autoRenew);
  if (!row) throw notFound('Membership');
  return membershipView(row);
}

export async function cancel(
  tx: Queryable,
  accountId: string,
  scheme: MembershipScheme,
): Promise<Membership> {
  const row = await m.cancelMembership(tx, accountId, scheme);
  if (!row) throw notFound('Membership');
  return membershipView(row);
}

/**
 * The offers at a venue, in its words where it has them, priced in its currency. `eligibleFor`
 * (a signed-in buyer who asked) marks each scheme they may join now.
 */
export async function offers(
  db: Queryable,
  venue: VenueSettings,
  eligibleFor: string | null,
): Promise<MembershipOffer[]> {
  const rows = await m.membershipOffers(db, venue.slug, venue.currency);
  const live = eligibleFor
    ? new Set(
        (await m.accountMemberships(db, eligibleFor))
          .filter((row) => row.benefitsActive)
          .map((row) => row.scheme),
      )
    : null;
  return rows.map((row) => ({
    scheme: row.scheme,
    name: row.name,
    summary: row.summary,
    benefits: row.benefits,
    price: row.amount === null ? null : { amount: row.amount, currency: venue.currency },
    term: row.amount === null ? null : 'year',
    evidenceKinds: row.scheme === 'access' ? [...ACCESS_EVIDENCE_KINDS] : [],
    eligible: live ? !live.has(row.scheme) : null,
  }));
}
