import { isEmailAddress } from '../../contract/address/email';
import { isValidPhone } from '../../contract/address/phone';
import type {
  Answers,
  CheckoutQuestion,
  Consents,
  Contact,
  Delivery,
} from '../../contract/api/checkout';
import type { VenueSettings } from '../../contract/venue';
import {
  checkAddress,
  homeCountryOfVenue,
  invalid,
  type Checked,
  type Problem,
} from '../lib/postalAddress';

/**
 * The venue's rules for each part of a buyer's checkout details, with the same shared rules the
 * SPA's forms use (contract/address/*), so the API refuses exactly what the forms refuse. Each
 * check returns the part as it is kept (postcode formatted, empty answers dropped) and the field
 * paths that fail; the caller decides whether that is a 400 (a PUT) or an incomplete order (pay).
 */

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
