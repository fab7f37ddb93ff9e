import { boolean, object } from 'yup';
import './yupLocale';
import { addressSchema } from './addressSchema';
import { termsSchema, deliveryMethodSchema } from './choiceSchemas';
import { contactSchema } from './contactSchema';
import { answersSchema, type CheckoutQuestion } from './questionsSchema';
import type { ValidationContext } from './validationContext';

/** The delivery method that needs an address (spec §3: post in the UK, "Mail" in the US). */
export const POSTED_DELIVERY = 'post';

export type AddressValues = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
};

/** The collection step (`/checkout/collection`): how the tickets reach the buyer. */
export type CollectionValues = {
  deliveryMethod: string;
  address: AddressValues;
};

/** The contacts step (`/checkout/contacts`): who the buyer is, their answers and consents. */
export type ContactsValues = {
  firstName: string;
  lastName: string;
  email: string;
  emailConfirm: string;
  phone: string;
  answers: Record<string, string>;
  acceptTerms: boolean;
  /** Venue flag shouldShowMarketingPreferences: news and offers, only if the buyer ticks it. */
  marketingOptIn: boolean;
  /** PECR: no emails about similar shows (hidden at venues with hidePecrOptOut). */
  pecrOptOut: boolean;
  abandonedBasketOptOut: boolean;
};

/** Everything the details steps ("Delivery and payment" / "Enter your details") ask for. */
export type CustomerDetailsValues = CollectionValues & ContactsValues;

export type CustomerDetailsOptions = {
  /** The methods this basket is offered, from the booking API. */
  deliveryMethods: readonly string[];
  questions: readonly CheckoutQuestion[];
};

/**
 * The collection step's rules. The address is checked only when tickets are posted: an eTicket
 * or box-office buyer is never asked for one, so a half-typed address cannot block them.
 */
export function collectionSchema(
  context: ValidationContext,
  options: Pick<CustomerDetailsOptions, 'deliveryMethods'>,
) {
  const address = addressSchema(context);
  return object({
    deliveryMethod: deliveryMethodSchema(options.deliveryMethods),
    address: object().when('deliveryMethod', ([method]: unknown[]) =>
      method === POSTED_DELIVERY ? address : object(),
    ),
  });
}

/** The contacts step's rules: names, email, phone, the venue's questions and the terms. */
export function contactsSchema(
  context: ValidationContext,
  options: Pick<CustomerDetailsOptions, 'questions'>,
) {
  return contactSchema(context).shape({
    answers: answersSchema(options.questions),
    acceptTerms: termsSchema(),
    marketingOptIn: boolean(),
    pecrOptOut: boolean(),
    abandonedBasketOptOut: boolean(),
  });
}

/** Both steps' rules on one form, as the pay request checks them together. */
export function customerDetailsSchema(context: ValidationContext, options: CustomerDetailsOptions) {
  return contactsSchema(context, options).concat(collectionSchema(context, options));
}

/** The address fields, blank but for the venue's country. */
export function emptyAddress(context: ValidationContext): AddressValues {
  return { line1: '', line2: '', city: '', state: '', postcode: '', country: context.homeCountry };
}

export function emptyCollection(context: ValidationContext): CollectionValues {
  return { deliveryMethod: '', address: emptyAddress(context) };
}

export function emptyContacts(questions: readonly CheckoutQuestion[]): ContactsValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    emailConfirm: '',
    phone: '',
    answers: Object.fromEntries(questions.map((question) => [question.id, ''])),
    acceptTerms: false,
    marketingOptIn: false,
    pecrOptOut: false,
    abandonedBasketOptOut: false,
  };
}

/** A blank form: nothing chosen for the buyer, except the venue's country for the address. */
export function emptyCustomerDetails(
  context: ValidationContext,
  questions: readonly CheckoutQuestion[],
): CustomerDetailsValues {
  return { ...emptyContacts(questions), ...emptyCollection(context) };
}
