import type { SeatStatus } from '../../contract/api/holds';
import type { Queryable } from '../db/database';
import { membersPresaleScheme } from '../members';
import { ApiError } from '../lib/errors';
import {
  GUEST,
  mayBuy,
  promoFits,
  resolvePromo,
  SINGLE_USE_SPENT,
  type PromoBuyer,
  type PromoRule,
} from '../promo';

/**
 * Promo and presale codes as holds and seat maps use them. The rules themselves (which code a
 * buyer may use, what fits a performance) are server/promo/promo.ts, shared with the calendar;
 * the discount arithmetic is the database's price rule (ticket_all_in_price,
 * server/db/functions/pricing.sql).
 */

/** What a code does to a hold: the code to record on it and the discount it gives. */
export interface AppliedCode {
  /** Null when no code was sent or it does nothing for this performance. */
  code: string | null;
  discountPercent: number;
}

export const NO_CODE: AppliedCode = { code: null, discountPercent: 0 };

interface CodedPerformance {
  venueSlug: string;
  showId: string;
  presale: boolean;
  /** Null on general sale. */
  presaleUntil?: Date | null;
}

/**
 * The rule of the code the buyer sent (null without one). An unknown, expired or other show's
 * code is refused (422), naming `field`, so the buyer hears why rather than silently paying full
 * price. A members' code a guest may not use gives them nothing (and no presale access).
 */
async function ruleOf(
  db: Queryable,
  performance: CodedPerformance,
  promoCode: string | undefined,
  field: string,
  buyer: PromoBuyer,
): Promise<PromoRule | null> {
  if (promoCode === undefined) return null;
  const resolution = await resolvePromo(db, {
    venueSlug: performance.venueSlug,
    showId: performance.showId,
    code: promoCode,
    at: new Date(),
    buyer,
  });
  switch (resolution.status) {
    case 'applied':
      return resolution.rule;
    case 'notQualified':
      return null;
    case 'expired':
      throw new ApiError(422, 'promo_expired', 'This promo code has expired.', [field]);
    case 'notForEvent':
      throw new ApiError(422, 'promo_not_for_event', 'Promo code is not valid for this event', [
        field,
      ]);
    case 'invalid':
      throw new ApiError(422, 'promo_invalid', 'This promo code is not valid.', [field]);
    case 'used':
      throw new ApiError(422, 'promo_single_use', SINGLE_USE_SPENT, [field]);
  }
}

/** A rule's effect on one performance: a code that does not fit it is not recorded. */
function applied(rule: PromoRule | null, performance: CodedPerformance): AppliedCode {
  if (!rule || !promoFits(rule, performance)) return NO_CODE;
  return { code: rule.code, discountPercent: rule.discountPercent };
}

/**
 * For prices shown (seat status): what the code takes off; never refuses a presale, and never
 * refuses to show the seats either: a code that expired since the buyer applied it just prices
 * nothing (the hold says why, in the buyer's words).
 */
export async function codeForPrices(
  db: Queryable,
  performance: CodedPerformance,
  promoCode: string | undefined,
  buyer: PromoBuyer = GUEST,
): Promise<AppliedCode> {
  try {
    return applied(await ruleOf(db, performance, promoCode, 'query.promoCode', buyer), performance);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 422) return NO_CODE;
    throw error;
  }
}

/**
 * The presale a performance is in, for the seat map (null on general sale): when it ends and,
 * for a members' presale, the scheme whose members may book it without a code.
 */
export async function presaleOf(
  db: Queryable,
  performance: CodedPerformance,
): Promise<SeatStatus['presale']> {
  if (!performance.presale || !performance.presaleUntil) return null;
  const scheme = await membersPresaleScheme(db, performance.venueSlug, performance.showId);
  return {
    until: performance.presaleUntil.toISOString(),
    membersOnly: scheme === 'atg-plus' || scheme === 'access' ? scheme : null,
  };
}

/**
 * For a hold: a performance on general sale, or a presale the buyer's code unlocks, or a
 * members' presale (a members' presale code is live for the show) the buyer's membership
 * unlocks without a code. Otherwise 403: `presale_sign_in_required` for a guest at a members'
 * presale, `presale_not_qualified` for a signed-in account outside its scheme, and
 * `presale_required` for any other presale.
 */
export async function codeForHold(
  db: Queryable,
  performance: CodedPerformance,
  promoCode: string | undefined,
  buyer: PromoBuyer = GUEST,
): Promise<AppliedCode> {
  const rule = await ruleOf(db, performance, promoCode, 'body.promoCode', buyer);
  if (!mayBuy(rule, performance)) {
    const scheme = await membersPresaleScheme(db, performance.venueSlug, performance.showId);
    if (scheme !== null && buyer.memberships.includes(scheme)) return NO_CODE;
    if (scheme !== null && !buyer.signedIn) {
      throw new ApiError(
        403,
        'presale_sign_in_required',
        "This is a members' presale: sign in to book it.",
      );
    }
    if (scheme !== null) {
      throw new ApiError(
        403,
        'presale_not_qualified',
        'Sorry your account does not qualify you for this pre-sale',
      );
    }
    throw new ApiError(
      403,
      'presale_required',
      'This performance is in a presale: a valid presale code is needed to book it.',
    );
  }
  return applied(rule, performance);
}
