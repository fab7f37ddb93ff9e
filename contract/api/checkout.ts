import { z } from 'zod';
import { multilineText, text } from '../text';

/**
 * The buyer's details on a live hold (issue 5), relative to a region's base path: how the
 * tickets reach them (`/checkout/collection`) and who they are (`/checkout/contacts`).
 * `GET /holds/:holdId/details` answers what is stored and what this hold offers;
 * `PUT /holds/:holdId/details` (CSRF + Idempotency-Key) replaces the parts it sends, so each
 * step saves its own part and a reload loses nothing. The pay request refuses a hold whose
 * details are not complete (422 details_incomplete, naming the fields).
 *
 * The server checks with the same rules as the SPA's forms (contract/address/*, libphonenumber-js)
 * and answers 400 validation_failed with the failing field paths (e.g. `delivery.address.postcode`)
 * so the SPA can show the spec's message beside the field.
 */

/** Spec §3 delivery methods. `post` reads "Post" in the UK and "Mail" in the US. */
export const DELIVERY_METHODS = ['eTicket', 'boxOffice', 'post', 'theatreCourse'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Spec §5/§9: "City must not be more than 40 characters long." */
export const CITY_MAX_LENGTH = 40;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const ANSWER_MAX_LENGTH = 500;

export const addressSchema = z.strictObject({
  line1: text().trim().min(1).max(ADDRESS_LINE_MAX_LENGTH),
  line2: text().trim().max(ADDRESS_LINE_MAX_LENGTH),
  city: text().trim().min(1).max(CITY_MAX_LENGTH),
  /** USPS state code for US addresses; empty elsewhere. */
  state: text().trim().max(3),
  postcode: text().trim().max(12),
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/),
});
export type Address = z.infer<typeof addressSchema>;

export const deliverySchema = z.strictObject({
  method: z.enum(DELIVERY_METHODS),
  /** Required for `post` (inside the venue's country only); null otherwise. */
  address: addressSchema.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const contactSchema = z.strictObject({
  firstName: text().trim().min(1).max(NAME_MAX_LENGTH),
  lastName: text().trim().min(1).max(NAME_MAX_LENGTH),
  email: text().trim().max(EMAIL_MAX_LENGTH),
  /** As typed; the server checks it with libphonenumber-js against the venue's country. */
  phone: text().trim().max(30),
});
export type Contact = z.infer<typeof contactSchema>;

/** Consents of the contacts step (spec §3 checkout data). */
export const consentsSchema = z.strictObject({
  /** "Please accept the Terms and Conditions": must be true to pay. */
  termsAccepted: z.boolean(),
  /** Venue flag shouldShowMarketingPreferences: the buyer's choice; false when not asked. */
  marketingOptIn: z.boolean(),
  /** PECR opt-out (hidden with hidePecrOptOut): no similar-products emails. */
  pecrOptOut: z.boolean(),
  /** No "you left tickets in your basket" reminder. */
  abandonedBasketOptOut: z.boolean(),
});
export type Consents = z.infer<typeof consentsSchema>;

/** A venue's own checkout question (venue.json `checkoutQuestions`); its text is venue wording. */
export const checkoutQuestionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    kind: z.literal('text'),
    label: z.string().min(1).max(200),
    required: z.boolean(),
  }),
  z.strictObject({
    id: z.string().regex(/^[a-z0-9-]{1,40}$/),
    kind: z.literal('choice'),
    label: z.string().min(1).max(200),
    required: z.boolean(),
    options: z.array(z.string().min(1).max(100)).min(2).max(20),
  }),
]);
export type CheckoutQuestion = z.infer<typeof checkoutQuestionSchema>;

/** Answers keyed by question id; an unanswered optional question is left out or ''. */
export const answersSchema = z.record(
  z.string().regex(/^[a-z0-9-]{1,40}$/),
  multilineText().trim().max(ANSWER_MAX_LENGTH),
);
export type Answers = z.infer<typeof answersSchema>;

export const checkoutDetailsSchema = z.strictObject({
  delivery: deliverySchema.nullable(),
  contact: contactSchema.nullable(),
  answers: answersSchema,
  consents: consentsSchema.nullable(),
  /** Every part the pay request needs is present and valid. */
  complete: z.boolean(),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

export const checkoutOptionsSchema = z.strictObject({
  /** In the venue's order; `post` only where the venue posts (UK) or mails (US) tickets. */
  deliveryMethods: z.array(z.enum(DELIVERY_METHODS)).min(1),
  /** The country `post` delivers within and whose postcode/ZIP and phone rules apply. */
  homeCountry: z.enum(['GB', 'US']),
  questions: z.array(checkoutQuestionSchema),
  /** The basket costs nothing (spec: zero-price orders): no payment step. */
  zeroPrice: z.boolean(),
});
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>;

export const detailsResponseSchema = z.strictObject({
  details: checkoutDetailsSchema,
  options: checkoutOptionsSchema,
  /**
   * Issue 14, a signed-in buyer only: the profile's home address, for the post form to start
   * from (a delivery method is never chosen for the buyer). Absent for a guest.
   */
  profileAddress: addressSchema.nullable().optional(),
});
export type DetailsResponse = z.infer<typeof detailsResponseSchema>;

export const putDetailsBodySchema = z
  .strictObject({
    delivery: deliverySchema.optional(),
    contact: contactSchema.optional(),
    answers: answersSchema.optional(),
    consents: consentsSchema.optional(),
    /**
     * Issue 14: a signed-in buyer's "save to my profile": the contact (names, phone) and a post
     * address sent with it are copied into the account's profile. Ignored for a guest.
     */
    saveToProfile: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'saveToProfile'), {
    message: 'Send delivery, contact, answers or consents.',
  });
export type PutDetailsBody = z.infer<typeof putDetailsBodySchema>;

/**
 * Address lookup service (`GET /services/address-lookup/addresses?country=GB&postcode=SW1A 1AA`,
 * venue flag showAddressLookup): the addresses at a postcode or ZIP, from a provider behind an
 * interface (the built-in one has the demo area's data). No session; rate limited per client.
 */
export const addressLookupQuerySchema = z.strictObject({
  country: z.enum(['GB', 'US']),
  postcode: text().trim().min(1).max(12),
});
export const addressLookupResponseSchema = z.strictObject({
  /** The postcode as the provider normalised it ("SW1A 1AA", "10036-4004"). */
  postcode: z.string(),
  addresses: z.array(addressSchema).max(200),
});
export type AddressLookupResponse = z.infer<typeof addressLookupResponseSchema>;
