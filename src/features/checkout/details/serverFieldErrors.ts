import type { CheckoutQuestion } from '@contract/api/checkout';
import {
  fieldMessage as m,
  type FieldMessage,
} from '../../../components/form/validation/fieldMessage';
import type { HomeCountry } from '../../../components/form/validation/validationContext';

/**
 * The booking API checks the details again (contract/api/checkout.ts) and names the fields it
 * refuses by their place in the request (`delivery.address.postcode`, `contact.email`,
 * `answers.q1`, `consents.termsAccepted`; Fastify's own checks add a leading `body.`). This maps
 * them to the form's field names and to the spec message the field shows.
 */

const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
const CONSENT_FIELDS: Record<string, string> = {
  termsAccepted: 'acceptTerms',
  marketingOptIn: 'marketingOptIn',
  pecrOptOut: 'pecrOptOut',
  abandonedBasketOptOut: 'abandonedBasketOptOut',
};

/** The form field a server path is about, or null for one no form shows. */
export function formFieldOf(path: string): string | null {
  const [part, field, sub] = path.replace(/^body\./, '').split('.');
  switch (part) {
    case 'delivery':
      if (field === undefined || field === 'method') return 'deliveryMethod';
      if (field !== 'address') return null;
      // The whole address missing: the first line is where the buyer starts.
      return `address.${sub ?? 'line1'}`;
    case 'contact':
      if (field === undefined) return 'firstName';
      return (CONTACT_FIELDS as readonly string[]).includes(field) ? field : null;
    case 'answers':
      return field === undefined ? null : `answers.${field}`;
    case 'consents':
      return field === undefined ? 'acceptTerms' : (CONSENT_FIELDS[field] ?? null);
    default:
      return null;
  }
}

/** Where tickets may go is the country's message, at either step. */
export function outsideCountryMessage(homeCountry: HomeCountry): FieldMessage {
  return homeCountry === 'GB'
    ? m('validation.address.postOnlyUk')
    : m('validation.address.mailOnlyUs');
}

/**
 * What a field refused by the server says when the form's own rules find nothing wrong with it
 * (the server knows more, e.g. a postcode that does not exist): the spec message for the field.
 */
export function serverMessageFor(
  name: string,
  homeCountry: HomeCountry,
  questions: readonly CheckoutQuestion[],
): FieldMessage {
  if (name.startsWith('answers.')) {
    const question = questions.find((q) => `answers.${q.id}` === name);
    return question?.kind === 'choice'
      ? m('validation.question.select')
      : m('validation.question.write');
  }
  switch (name) {
    case 'deliveryMethod':
      return m('validation.select.deliveryMethod');
    case 'address.line1':
    case 'address.line2':
      return m('validation.address.lines');
    case 'address.city':
      return m('validation.address.city');
    case 'address.state':
      return m('validation.address.stateRequired');
    case 'address.postcode':
      return homeCountry === 'GB'
        ? m('validation.uk.postcodeInvalid')
        : m('validation.us.zipInvalid');
    case 'address.country':
      return outsideCountryMessage(homeCountry);
    case 'firstName':
      return m('validation.name.first');
    case 'lastName':
      return m('validation.name.last');
    case 'email':
      return m('validation.email.invalid');
    case 'phone':
      return m('validation.phone.invalid');
    case 'acceptTerms':
      return m('validation.select.terms');
    default:
      return m('validation.field.invalid');
  }
}
