import type { PromoStatus } from '../../contract/api/calendarQuery';
import type { Queryable } from '../db/database';
import { findPromoCode, type PromoCodeRow } from './queries';

/**
 * The rules of promo and presale codes, in one place for the calendar and for holds: which code
 * a buyer may use for a show and which performances it fits. What it takes off a price is the
 * price rule's (pricing.ts, server/db/functions/pricing.sql).
 */

export type { PromoStatus };

/** What an applied code does. */
export interface PromoRule {
  /** As the venue issued it; buyers may type it in any letter case. */
  code: string;
  /** `promo` takes money off; `presale` lets its holder buy performances still in presale. */
  kind: 'promo' | 'presale';
  discountPercent: number;
  /**
   * Redeemed by one confirmed order, ever (issue 24): the pay attempt reserves it and its sale
   * spends it (redemptions.ts). Until an order has spent it, the calendar and holds treat it as
   * any other code; once spent, it is `used` everywhere.
   */
  singleUse: boolean;
}

export type PromoResolution =
  | { status: 'applied'; rule: PromoRule }
  /** The code exists for this show but the buyer may not use it (a members-only presale). */
  | { status: 'notQualified'; rule: PromoRule }
  | { status: 'invalid' | 'expired' | 'notForEvent' | 'used'; rule: null };

/**
 * Who is asking. Guests belong to no scheme; a signed-in session's account fills `memberships`
 * with the schemes whose benefits it has now (`atg-plus`, `access`; members/memberships.ts
 * `buyerOf`), and members' presales, the fee waiver and access seats then apply to them.
 */
export interface PromoBuyer {
  memberships: readonly string[];
  /** Signed in to an account (a members' presale then answers "not qualified", not "sign in"). */
  signedIn: boolean;
}

export const GUEST: PromoBuyer = { memberships: [], signedIn: false };

/**
 * Judges a code found (or not) for a venue against the show and the moment. A code that is not
 * valid yet is `invalid` rather than "too early": nothing about a future offer leaks.
 */
export function judgePromo(
  row: PromoCodeRow | undefined,
  { showId, at, buyer = GUEST }: { showId: string; at: Date; buyer?: PromoBuyer },
): PromoResolution {
  if (row === undefined || at < row.validFrom) return { status: 'invalid', rule: null };
  if (at > row.validUntil) return { status: 'expired', rule: null };
  if (row.showId !== null && row.showId !== showId) return { status: 'notForEvent', rule: null };
  // Only now: a used code for another show is that show's business, not this one's.
  if (row.singleUse && row.redeemed) return { status: 'used', rule: null };
  const rule: PromoRule = {
    code: row.code,
    kind: row.kind,
    discountPercent: row.discountPercent,
    singleUse: row.singleUse,
  };
  if (row.membershipScheme !== null && !buyer.memberships.includes(row.membershipScheme)) {
    return { status: 'notQualified', rule };
  }
  return { status: 'applied', rule };
}

export interface ResolvePromoInput {
  venueSlug: string;
  showId: string;
  /** As the buyer typed it (already checked against the code pattern at the edge). */
  code: string;
  at: Date;
  buyer?: PromoBuyer;
}

/** The one entry point for "may this buyer use this code for this show now?". */
export async function resolvePromo(
  db: Queryable,
  input: ResolvePromoInput,
): Promise<PromoResolution> {
  const row = await findPromoCode(db, input.venueSlug, input.code);
  return judgePromo(row, { showId: input.showId, at: input.at, buyer: input.buyer });
}

/**
 * Whether an applied code is of use for a performance: a presale code for performances still in
 * presale (it unlocks them), a promo code for those on general sale (a promo code never opens a
 * presale).
 */
export function promoFits(rule: PromoRule, performance: { presale: boolean }): boolean {
  return rule.kind === 'presale' ? performance.presale : !performance.presale;
}

/** Whether the buyer may buy a performance: on general sale, or a presale their code unlocks. */
export function mayBuy(rule: PromoRule | null, performance: { presale: boolean }): boolean {
  return !performance.presale || (rule !== null && rule.kind === 'presale');
}
