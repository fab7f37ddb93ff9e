import { z } from 'zod';
import { ID_PATTERN } from '../patterns';
import { text } from '../text';
import { addressSchema, NAME_MAX_LENGTH } from './checkout';
import { currencySchema, idParamSchema, moneySchema, performancePartsSchema } from './common';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './constants';
import { orderViewSchema } from './orders';
import { browserDataSchema, DECLINE_REASONS, PAYMENT_ACTIONS } from './payment';

/**
 * Members (issue 14): the profile, the account's orders and its memberships. Every call needs the
 * session cookie (401 `unauthorised` without); state-changing calls need `x-csrf-token` (403
 * `csrf_failed`); a call that needs a signed-in session and has none answers 401
 * `sign_in_required`. Answers are `no-store`. Another account's order or membership is 404.
 *
 * Customer-profile service (`/services/customer-profile`):
 * - `GET /profile` → 200 ProfileResponse.
 * - `PUT /profile` ProfileBody → 200 ProfileResponse; 400 validation_failed with `fields`
 *   (`body.phone`, `body.address.postcode` …: the checkout's rules, libphonenumber-js for the
 *   phone against the `venue`'s country, the venue's postcode/ZIP rule for a home address).
 *
 * Account-management service (`/services/account-management`):
 * - `GET /orders` → AccountOrdersResponse, newest first; `GET /orders/:orderId` → the order view
 *   (contract/api/orders.ts OrderResponse, the secret link's key included); 404 for anyone else's.
 * - `GET /memberships` → MembershipsResponse (every membership the account has had, per scheme).
 * - `PATCH /memberships/:scheme` `{ autoRenew }` → MembershipResponse (ATG+ only; Access has no
 *   term to renew: 400 validation_failed).
 * - `POST /memberships/:scheme/cancel` → MembershipResponse. ATG+: status `cancelled`, auto-renew
 *   off, and the benefits stay until `endsOn` (the paid term). Access: ends at once.
 * - `GET /membership-offers?venue=<slug>[&eligibility=1]` (guests too) → MembershipOffersResponse,
 *   in the venue's words where the venue has them. `eligible` is null unless `eligibility=1` is
 *   sent by a signed-in buyer (what venue flag shouldCallEligibleExp makes the SPA ask).
 * - `POST /memberships/access/join` AccessJoinBody (signed in) → 201 MembershipResponse; 400
 *   validation_failed (`body.evidenceReference`) for evidence the demo rule refuses (see
 *   ACCESS_EVIDENCE_PATTERNS); 409 membership_active when the account already has Access.
 *
 * ATG+ purchase — the same payment service and provider as an order, no seats:
 * 1. The SPA tokenises the card at the payment service (`POST /services/payment/tokens`), exactly
 *    as on the checkout's payment step.
 * 2. `POST /memberships/atg-plus/purchase` (signed in, CSRF, `Idempotency-Key` per attempt: a
 *    double click, retry or reload sends the same key and gets the first answer, 409
 *    idempotency_in_flight while it runs) with AtgPurchaseBody `{ venue, cardToken, browser }`.
 *    The price is the offer's (`GET /membership-offers`) in the venue's currency. Answers 200
 *    MembershipPurchaseResponse:
 *    - `confirmed`: paid; `membership` is active from today for a year, the confirmation email is
 *      in the outbox;
 *    - `action_required`: send the browser to `action.url` (sandbox 3-D Secure); it comes back
 *      to `/membership/verify?paymentId=<id>` (MEMBERSHIP_VERIFY_PATH) and the SPA calls step 3;
 *    - `declined` (with `declineReason`) or `timed_out`: nothing charged, try again with a new
 *      key and a new card token.
 *    Refusals: 409 membership_active (the account has a live ATG+ already, so nobody pays twice),
 *    409 membership_purchase_in_flight (another attempt of this account is at 3-D Secure: finish
 *    or abandon it), 422 payment_token_invalid, 401 sign_in_required.
 * 3. `POST /memberships/atg-plus/purchases/:purchaseId/payments/:paymentId/continue` (signed in,
 *    CSRF) → MembershipPurchaseResponse, after the 3-D Secure step; safe to call again.
 */

const id = z.string().regex(ID_PATTERN);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const MEMBERSHIP_SCHEMES = ['atg-plus', 'access'] as const;
export type MembershipScheme = (typeof MEMBERSHIP_SCHEMES)[number];
export const membershipSchemeSchema = z.enum(MEMBERSHIP_SCHEMES);

export const MEMBERSHIP_STATUSES = ['active', 'lapsed', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** Where the payment service sends the browser back after an ATG+ purchase's 3-D Secure step. */
export const MEMBERSHIP_VERIFY_PATH = '/membership/verify';

// ---- Profile ---------------------------------------------------------------------------------

export const profileSchema = z.strictObject({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  /** The checkout's address shape (a home address: the venue's country rules apply). */
  address: addressSchema.nullable(),
  marketingOptIn: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.strictObject({ profile: profileSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const profileBodySchema = z.strictObject({
  /** The venue whose country's phone and postcode rules judge the details (as at checkout). */
  venue: z.string().regex(/^[a-z0-9-]{1,60}$/),
  firstName: text().trim().min(1).max(NAME_MAX_LENGTH),
  lastName: text().trim().min(1).max(NAME_MAX_LENGTH),
  /** Null or empty: no number kept. Otherwise valid for the venue's country, or with its +code. */
  phone: text().trim().max(30).nullable(),
  address: addressSchema.nullable(),
  marketingOptIn: z.boolean(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

// ---- Orders ----------------------------------------------------------------------------------

export const accountOrderSchema = z.strictObject({
  orderId: id,
  /** The number the buyer quotes, e.g. "SD-7K3QF9XM". */
  reference: z.string(),
  venueSlug: z.string(),
  showName: z.string(),
  /** ISO 8601 instant. */
  performanceStartsAt: z.string(),
  /** Issue 24: a two-part show's parts with their starts (every ticket is for both). */
  parts: performancePartsSchema.optional(),
  ticketCount: z.number().int().nonnegative(),
  /** Minor units of `currency`. */
  total: z.number().int().nonnegative(),
  currency: currencySchema,
  status: z.enum(['pending', 'confirmed', 'failed']),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

export const accountOrdersResponseSchema = z.strictObject({
  orders: z.array(accountOrderSchema),
});
export type AccountOrdersResponse = z.infer<typeof accountOrdersResponseSchema>;

export const accountOrderParamsSchema = z.strictObject({ orderId: idParamSchema });
/** GET /orders/:orderId answers the existing order view. */
export const accountOrderResponseSchema = z.strictObject({ order: orderViewSchema });

// ---- Memberships -----------------------------------------------------------------------------

export const membershipSchema = z.strictObject({
  scheme: membershipSchemeSchema,
  /**
   * `active`: the benefits apply now (a cancelled ATG+ keeps them to `endsOn` and reads
   * `cancelled`); `lapsed`: the term ended without renewal; `cancelled`: the member cancelled.
   */
  status: z.enum(MEMBERSHIP_STATUSES),
  /** Whether the benefits apply at this moment (an ATG+ cancelled mid-term: true to endsOn). */
  benefitsActive: z.boolean(),
  /**
   * Whether the scheme waives the transaction fee (ATG+ and Access do): while the benefits are
   * active the basket charges none, and the calendar's fee notice says so instead.
   */
  waivesTransactionFee: z.boolean(),
  /** The membership number, e.g. "ATG-4821 7730" or "ACC-1093 2281". */
  number: z.string(),
  startedOn: isoDate,
  /** The next renewal, when auto-renew is on and the membership runs; else null. */
  renewsOn: isoDate.nullable(),
  /** When the benefits end (auto-renew off, cancelled, lapsed); null while it renews or for Access. */
  endsOn: isoDate.nullable(),
  autoRenew: z.boolean(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipsResponseSchema = z.strictObject({
  memberships: z.array(membershipSchema),
});
export type MembershipsResponse = z.infer<typeof membershipsResponseSchema>;

export const membershipResponseSchema = z.strictObject({ membership: membershipSchema });
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

export const membershipParamsSchema = z.strictObject({ scheme: membershipSchemeSchema });
export const autoRenewBodySchema = z.strictObject({ autoRenew: z.boolean() });

/**
 * The evidence a UK or US venue accepts for Access, and the demo's check of each reference (the
 * demo checks the form only, no third party): an Access Card number (the UK's Nimbus card: 8–12
 * digits), a disability benefit award letter reference (PIP, DLA, AA: 2 letters then 6–10 letters
 * or digits), a US state disability parking placard number (5–12 letters or digits), or a doctor's
 * letter reference (4–20 letters, digits or dashes). Spaces are ignored.
 */
export const ACCESS_EVIDENCE_KINDS = [
  'accessCard',
  'benefitLetter',
  'parkingPlacard',
  'doctorLetter',
] as const;
export type AccessEvidenceKind = (typeof ACCESS_EVIDENCE_KINDS)[number];
export const ACCESS_EVIDENCE_PATTERNS: Record<AccessEvidenceKind, RegExp> = {
  accessCard: /^\d{8,12}$/,
  benefitLetter: /^[A-Z]{2}[A-Z0-9]{6,10}$/,
  parkingPlacard: /^[A-Z0-9]{5,12}$/,
  doctorLetter: /^[A-Z0-9-]{4,20}$/,
};

export const accessJoinBodySchema = z.strictObject({
  venue: z.string().regex(/^[a-z0-9-]{1,60}$/),
  evidenceKind: z.enum(ACCESS_EVIDENCE_KINDS),
  evidenceReference: text().trim().min(1).max(40),
});
export type AccessJoinBody = z.infer<typeof accessJoinBodySchema>;

export const membershipOffersQuerySchema = z.strictObject({
  venue: z.string().regex(/^[a-z0-9-]{1,60}$/),
  eligibility: z.enum(['1']).optional(),
});

export const membershipOfferSchema = z.strictObject({
  scheme: membershipSchemeSchema,
  name: z.string(),
  summary: z.string(),
  benefits: z.array(z.string()),
  /** Null: free. */
  price: moneySchema.nullable(),
  term: z.enum(['year']).nullable(),
  /** Access only: the evidence accepted, in the order to offer it. */
  evidenceKinds: z.array(z.enum(ACCESS_EVIDENCE_KINDS)),
  /**
   * Asked with `eligibility=1` by a signed-in buyer: true when they may join now (no live
   * membership of the scheme). Null otherwise.
   */
  eligible: z.boolean().nullable(),
});
export type MembershipOffer = z.infer<typeof membershipOfferSchema>;

export const membershipOffersResponseSchema = z.strictObject({
  offers: z.array(membershipOfferSchema),
});
export type MembershipOffersResponse = z.infer<typeof membershipOffersResponseSchema>;

// ---- ATG+ purchase ---------------------------------------------------------------------------

// Loose: the cookie and CSRF headers must survive validation.
export const purchaseHeadersSchema = z.looseObject({
  [IDEMPOTENCY_HEADER]: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
});

export const atgPurchaseBodySchema = z.strictObject({
  /** The venue whose shop sells it: its currency, price and wording. */
  venue: z.string().regex(/^[a-z0-9-]{1,60}$/),
  /** From the payment service's POST /tokens. */
  cardToken: text().min(1).max(200),
  browser: browserDataSchema,
});
export type AtgPurchaseBody = z.infer<typeof atgPurchaseBodySchema>;

export const purchaseContinueParamsSchema = z.strictObject({
  purchaseId: idParamSchema,
  paymentId: idParamSchema,
});

export const MEMBERSHIP_PURCHASE_OUTCOMES = [
  'confirmed',
  'action_required',
  'declined',
  'timed_out',
] as const;

export const membershipPurchaseResponseSchema = z.strictObject({
  outcome: z.enum(MEMBERSHIP_PURCHASE_OUTCOMES),
  purchaseId: id,
  paymentId: id.nullable(),
  action: z.strictObject({ kind: z.enum(PAYMENT_ACTIONS), url: z.string() }).optional(),
  declineReason: z.enum(DECLINE_REASONS).optional(),
  amount: moneySchema,
  /** Set with `confirmed`. */
  membership: membershipSchema.nullable(),
});
export type MembershipPurchaseResponse = z.infer<typeof membershipPurchaseResponseSchema>;

// ---- Regional booking API additions (contract/api/basket.ts, holds.ts) ------------------------
// Basket: `transactionFeeWaiver: { amount, scheme } | null` (the fee a member did not pay).
// Seat status: `presale: { until, membersOnly: scheme | null } | null`.
// Holds: 403 presale_sign_in_required (a guest, members' presale), 403 presale_not_qualified
// (signed in, not a member of its scheme), 403 access_membership_required (wheelchair, companion
// and access-zone seats: signed-in Access members only; a companion seat only beside a
// wheelchair space held in the same hold or an earlier live hold of the session).
// Checkout details: GET pre-fills contact (and post address) from the profile when the hold has
// none yet and the buyer is signed in; PUT accepts `saveToProfile: true` to copy the contact and
// address sent into the profile.
