import {
  answersSchema,
  consentsSchema,
  contactSchema,
  deliverySchema,
  type Answers,
  type CheckoutDetails,
  type CheckoutOptions,
  type Consents,
  type Contact,
  type Delivery,
  type DetailsResponse,
  type PutDetailsBody,
} from '../../contract/api/checkout';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import * as d from './queries';
import { type HoldRow, returnExpiredAdmissions } from '../holds';
import { ApiError, notFound } from '../lib/errors';
import { readBasket, type BasketScope } from '../basket';
import { checkAnswers, checkConsents, checkContact, checkDelivery } from './rules';
import { homeCountryOfVenue, type Checked, type Problem } from '../lib/postalAddress';
import { ownHold } from '../holds';
import { sessionMember } from '../members';
import { findProfile, saveCheckoutContact, type ProfileRow } from '../members';

/**
 * The buyer's details on a live hold (issue 5): delivery, contact, answers to the venue's
 * questions and consents. Each checkout step saves its own part; the pay request takes them
 * with requireCompleteDetails, which checks them again against the venue as it is then.
 */

export interface DetailsScope extends BasketScope {
  /** The settings of a venue this region sells (undefined for another region's). */
  venueFor(venueSlug: string): VenueSettings | undefined;
}

/** What an order is made with: every part present and valid for the venue. */
export interface CompleteDetails {
  delivery: Delivery;
  contact: Contact;
  answers: Answers;
  consents: Consents;
}

/**
 * The caller's live hold, with the answers of the hold and basket routes: another session's or
 * region's is 404, an expired one 410 (a read gives its admissions back first).
 */
async function liveHold(
  db: Queryable,
  scope: DetailsScope,
  sessionId: string,
  holdId: string,
  lock: boolean,
): Promise<{ hold: HoldRow; venue: VenueSettings }> {
  const hold = await ownHold(db, scope, sessionId, holdId, lock);
  const venue = scope.venueFor(hold.venueSlug);
  if (!venue) throw notFound('Hold');
  if (!hold.live) {
    if (hold.admissionCount > 0 && !lock) {
      await returnExpiredAdmissions(db, { performanceId: hold.performanceId });
    }
    throw new ApiError(410, 'hold_expired', 'This hold has expired.');
  }
  return { hold, venue };
}

/** A stored part as parsed (null when never saved or unreadable), and whether it passes today. */
interface StoredPart<T> {
  value: T | null;
  valid: boolean;
}

function storedPart<T>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  stored: unknown,
  check: (value: T) => Checked<T>,
): StoredPart<T> {
  if (stored === null || stored === undefined) return { value: null, valid: false };
  const parsed = schema.safeParse(stored);
  if (!parsed.success) return { value: null, valid: false };
  return { value: parsed.data, valid: check(parsed.data).problems.length === 0 };
}

/** Answers to the venue's current questions; answers to questions it no longer asks are ignored. */
function currentAnswers(answers: Answers, venue: VenueSettings): Answers {
  return Object.fromEntries(
    venue.checkoutQuestions.flatMap((question) => {
      const answer = answers[question.id];
      return answer === undefined ? [] : [[question.id, answer]];
    }),
  );
}

interface Assessed {
  details: Omit<CheckoutDetails, 'complete'>;
  /** The parts an order still lacks, as details_incomplete names them. */
  missing: string[];
}

/** What is stored, and what an order would still need, under the venue's current rules. */
function assess(row: d.DetailsRow, venue: VenueSettings): Assessed {
  const delivery = storedPart(deliverySchema, row.delivery, (value) => checkDelivery(value, venue));
  const contact = storedPart(contactSchema, row.contact, (value) => checkContact(value, venue));
  const consents = storedPart(consentsSchema, row.consents, (value) => checkConsents(value, venue));
  const storedAnswers = answersSchema.safeParse(row.answers);
  const answers = storedAnswers.success ? storedAnswers.data : {};

  const missing: string[] = [];
  if (!delivery.valid) missing.push('delivery');
  if (!contact.valid) missing.push('contact');
  const answered = checkAnswers(currentAnswers(answers, venue), venue);
  missing.push(...answered.problems.map((problem) => problem.field));
  if (!consents.value?.termsAccepted) missing.push('consents.termsAccepted');
  // A choice the venue stopped offering (say, marketing preferences) is named as it is.
  if (consents.value) {
    missing.push(...checkConsents(consents.value, venue).problems.map((problem) => problem.field));
  }
  return {
    details: {
      delivery: delivery.value,
      contact: contact.value,
      answers,
      consents: consents.value,
    },
    missing,
  };
}

export function checkoutOptions(venue: VenueSettings, zeroPrice: boolean): CheckoutOptions {
  return {
    deliveryMethods: [...venue.deliveryMethods],
    homeCountry: homeCountryOfVenue(venue),
    questions: venue.checkoutQuestions,
    zeroPrice,
  };
}

/** The profile of the account the session is signed in to now, if any. */
async function signedInProfile(db: Queryable, sessionId: string) {
  const { accountId } = await sessionMember(db, sessionId);
  const profile = accountId ? await findProfile(db, accountId) : undefined;
  return profile && accountId ? { accountId, profile } : null;
}

/**
 * A signed-in buyer's contact details start from their profile while the hold has none stored
 * (faster checkout): shown, not saved, so the buyer still confirms them on the contacts step.
 */
function prefilledContact(profile: ProfileRow): Contact {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phone: profile.phone ?? '',
  };
}

async function respond(
  db: Queryable,
  scope: DetailsScope,
  sessionId: string,
  hold: HoldRow,
  venue: VenueSettings,
  row: d.DetailsRow,
): Promise<DetailsResponse> {
  const { details, missing } = assess(row, venue);
  // Priced as the basket is, so "no payment needed" can never disagree with the basket's total.
  const [basket, member] = await Promise.all([
    readBasket(db, scope, sessionId, hold.id),
    signedInProfile(db, sessionId),
  ]);
  const contact = details.contact ?? (member ? prefilledContact(member.profile) : null);
  return {
    details: { ...details, contact, complete: missing.length === 0 },
    options: checkoutOptions(venue, basket.total === 0),
    ...(member ? { profileAddress: member.profile.address } : {}),
  };
}

/** GET: what is stored for the caller's live hold, and what the hold offers. */
export async function readDetails(
  db: Queryable,
  scope: DetailsScope,
  sessionId: string,
  holdId: string,
): Promise<DetailsResponse> {
  const { hold, venue } = await liveHold(db, scope, sessionId, holdId, false);
  return respond(db, scope, sessionId, hold, venue, await d.findDetails(db, hold.id));
}

/**
 * 400 validation_failed naming every failing field; 422 delivery_outside_country when the only
 * trouble is an address abroad (its postcode is then not judged, and nothing else failed).
 */
function refuseIfAny(problems: Problem[]): void {
  const failed = problems.filter((problem) => problem.code === 'validation_failed');
  if (failed.length > 0) {
    throw new ApiError(
      400,
      'validation_failed',
      'Some of the details are not valid.',
      failed.map((problem) => problem.field),
    );
  }
  if (problems.length > 0) {
    throw new ApiError(
      422,
      'delivery_outside_country',
      "Tickets can be sent only to an address in the venue's country.",
      problems.map((problem) => problem.field),
    );
  }
}

/**
 * PUT: replaces the parts sent, each checked against the venue first; nothing is saved unless
 * every part passes. Runs under the hold's row lock, so it serialises with extend, release and
 * the pay request's read of the details.
 */
export async function updateDetails(
  tx: Queryable,
  scope: DetailsScope,
  sessionId: string,
  holdId: string,
  body: PutDetailsBody,
): Promise<DetailsResponse> {
  const { hold, venue } = await liveHold(tx, scope, sessionId, holdId, true);
  const checked = {
    delivery: body.delivery && checkDelivery(body.delivery, venue),
    contact: body.contact && checkContact(body.contact, venue),
    answers: body.answers && checkAnswers(body.answers, venue),
    consents: body.consents && checkConsents(body.consents, venue),
  };
  refuseIfAny(Object.values(checked).flatMap((part) => part?.problems ?? []));
  const row = await d.saveDetails(tx, hold.id, {
    delivery: checked.delivery?.value,
    contact: checked.contact?.value,
    answers: checked.answers?.value,
    consents: checked.consents?.value,
  });
  if (body.saveToProfile) await saveToProfile(tx, sessionId, checked);
  return respond(tx, scope, sessionId, hold, venue, row);
}

/**
 * "Save to my profile" (issue 14): the names and phone of the contact sent, and a post address
 * sent, become the signed-in account's profile (its email stays the account's: changing it is
 * re-verified). A guest's request saves nothing; the details themselves are saved either way.
 */
async function saveToProfile(
  tx: Queryable,
  sessionId: string,
  checked: { contact?: Checked<Contact>; delivery?: Checked<Delivery> },
): Promise<void> {
  const { accountId } = await sessionMember(tx, sessionId);
  if (!accountId) return;
  const contact = checked.contact?.value;
  const address = checked.delivery?.value.address ?? null;
  if (!contact && !address) return;
  const profile = contact ? null : await findProfile(tx, accountId);
  await saveCheckoutContact(tx, accountId, {
    firstName: contact?.firstName ?? profile!.firstName,
    lastName: contact?.lastName ?? profile!.lastName,
    phone: contact?.phone || null,
    address,
  });
}

/**
 * For the pay request (which has already checked the hold is the caller's): the details an order
 * is made with, checked against `venue` as it is now. 422 details_incomplete names what is
 * missing or no longer valid: `delivery`, `contact`, `answers.<id>`, `consents.termsAccepted`.
 * Answers come back for the venue's current questions only.
 */
export async function requireCompleteDetails(
  tx: Queryable,
  holdId: string,
  venue: VenueSettings,
): Promise<CompleteDetails> {
  const { details, missing } = assess(await d.findDetails(tx, holdId), venue);
  const { delivery, contact, consents } = details;
  if (missing.length > 0 || !delivery || !contact || !consents) {
    throw new ApiError(
      422,
      'details_incomplete',
      'Some details the order needs are missing or no longer valid.',
      missing,
    );
  }
  return {
    delivery: checkDelivery(delivery, venue).value,
    contact,
    answers: checkAnswers(currentAnswers(details.answers, venue), venue).value,
    consents,
  };
}
