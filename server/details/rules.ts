import { isCityName } from '../../contract/address/city';
import {
  POSTAL_COUNTRIES,
  homeCountryOf,
  isUsState,
  type HomeCountry,
} from '../../contract/address/countries';
import { isEmailAddress } from '../../contract/address/email';
import { isValidPhone } from '../../contract/address/phone';
import { checkUkPostcode, formatUkPostcode } from '../../contract/address/ukPostcode';
import { checkUsZip, formatUsZip } from '../../contract/address/usZip';
import type {
  Address,
  Answers,
  CheckoutQuestion,
  Consents,
  Contact,
  Delivery,
} from '../../contract/api/checkout';
import type { VenueSettings } from '../../contract/venue';

/**
 * The venue's rules for each part of a buyer's checkout details, with the same shared rules the
 * SPA's forms use (contract/address/*), so the API refuses exactly what the forms refuse. Each
 * check returns the part as it is kept (postcode formatted, empty answers dropped) and the field
 * paths that fail; the caller decides whether that is a 400 (a PUT) or an incomplete order (pay).
 */

export interface Problem {
  /** Path in the details, e.g. `delivery.address.postcode`, `answers.heard-about`. */
  field: string;
  /** Another country's address for `post` is its own refusal (spec §5), not a typo. */
  code: 'validation_failed' | 'delivery_outside_country';
}

export interface Checked<T> {
  value: T;
  problems: Problem[];
}

const invalid = (field: string): Problem => ({ field, code: 'validation_failed' });

export function homeCountryOfVenue(venue: VenueSettings): HomeCountry {
  return homeCountryOf(venue.region);
}

const POSTCODE_RULES: Record<
  HomeCountry,
  { check: typeof checkUkPostcode; format: (value: string) => string }
> = {
  GB: { check: checkUkPostcode, format: formatUkPostcode },
  US: { check: checkUsZip, format: formatUsZip },
};

/**
 * An address tickets are posted to: only within the venue's country (GB venues also post to
 * Guernsey, Jersey and the Isle of Man), by that country's postcode or ZIP rule; US addresses
 * need a state. For another country the postcode is not judged (as the form does).
 */
export function checkAddress(address: Address, home: HomeCountry): Checked<Address> {
  if (!POSTAL_COUNTRIES[home].includes(address.country)) {
    return {
      value: address,
      problems: [{ field: 'delivery.address.country', code: 'delivery_outside_country' }],
    };
  }
  const problems: Problem[] = [];
  const rule = POSTCODE_RULES[home];
  if (rule.check(address.postcode) !== 'valid') problems.push(invalid('delivery.address.postcode'));
  if (home === 'US' && !isCityName(address.city)) problems.push(invalid('delivery.address.city'));
  const state = address.state.toUpperCase();
  if (home === 'US' && !isUsState(state)) problems.push(invalid('delivery.address.state'));
  return {
    value: {
      ...address,
      postcode: rule.format(address.postcode),
      // Only US addresses have a state; anything sent for a UK one would never be printed.
      state: home === 'US' ? state : '',
    },
    problems,
  };
}

export function checkDelivery(delivery: Delivery, venue: VenueSettings): Checked<Delivery> {
  if (!venue.deliveryMethods.includes(delivery.method)) {
    return { value: delivery, problems: [invalid('delivery.method')] };
  }
  if (delivery.method !== 'post') {
    return {
      value: delivery,
      problems: delivery.address === null ? [] : [invalid('delivery.address')],
    };
  }
  if (delivery.address === null)
    return { value: delivery, problems: [invalid('delivery.address')] };
  const address = checkAddress(delivery.address, homeCountryOfVenue(venue));
  return { value: { method: 'post', address: address.value }, problems: address.problems };
}

/** Names are checked by the contract's schema; email and phone by the shared rules. */
export function checkContact(contact: Contact, venue: VenueSettings): Checked<Contact> {
  const problems: Problem[] = [];
  if (!isEmailAddress(contact.email)) problems.push(invalid('contact.email'));
  if (!isValidPhone(contact.phone, homeCountryOfVenue(venue))) {
    problems.push(invalid('contact.phone'));
  }
  return { value: contact, problems };
}

function answerProblem(question: CheckoutQuestion, answer: string): boolean {
  if (answer === '') return question.required;
  return question.kind === 'choice' && !question.options.includes(answer);
}

/**
 * Answers to the venue's questions: only its question ids, every required one answered, a
 * choice one of its options (even when optional). Unanswered optional questions are not kept.
 */
export function checkAnswers(answers: Answers, venue: VenueSettings): Checked<Answers> {
  const questions = new Map(venue.checkoutQuestions.map((question) => [question.id, question]));
  const problems: Problem[] = Object.keys(answers)
    .filter((id) => !questions.has(id))
    .map((id) => invalid(`answers.${id}`));
  const value: Answers = {};
  for (const question of venue.checkoutQuestions) {
    const answer = (answers[question.id] ?? '').trim();
    if (answerProblem(question, answer)) problems.push(invalid(`answers.${question.id}`));
    else if (answer !== '') value[question.id] = answer;
  }
  return { value, problems };
}

/**
 * A choice the venue does not offer cannot have been made: marketing preferences are asked only
 * with shouldShowMarketingPreferences, the PECR opt-out is hidden with hidePecrOptOut.
 */
export function checkConsents(consents: Consents, venue: VenueSettings): Checked<Consents> {
  const problems: Problem[] = [];
  if (consents.marketingOptIn && !venue.flags.shouldShowMarketingPreferences) {
    problems.push(invalid('consents.marketingOptIn'));
  }
  if (consents.pecrOptOut && venue.flags.hidePecrOptOut) {
    problems.push(invalid('consents.pecrOptOut'));
  }
  return { value: consents, problems };
}
