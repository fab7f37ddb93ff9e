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

/** Everything the details step ("Delivery and payment" / "Enter your details") asks for. */
export type CustomerDetailsValues = {
  firstName: string;
  lastName: string;
  email: string;
  emailConfirm: string;
  phone: string;
  deliveryMethod: string;
  address: AddressValues;
  answers: Record<string, string>;
  acceptTerms: boolean;
  marketingOptOut: boolean;
  abandonedBasketOptOut: boolean;
};

export type CustomerDetailsOptions = {
  /** The methods this basket is offered, from the booking API. */
  deliveryMethods: readonly string[];
  questions: readonly CheckoutQuestion[];
};

/**
 * The details step's rules. The address is checked only when tickets are posted: an eTicket or
 * box-office buyer is never asked for one, so a half-typed address cannot block them.
 */
export function customerDetailsSchema(context: ValidationContext, options: CustomerDetailsOptions) {
  const address = addressSchema(context);
  return contactSchema(context).shape({
    deliveryMethod: deliveryMethodSchema(options.deliveryMethods),
    address: object().when('deliveryMethod', ([method]: unknown[]) =>
      method === POSTED_DELIVERY ? address : object(),
    ),
    answers: answersSchema(options.questions),
    acceptTerms: termsSchema(),
    marketingOptOut: boolean(),
    abandonedBasketOptOut: boolean(),
  });
}

/** A blank form: nothing chosen for the buyer, except the venue's country for the address. */
export function emptyCustomerDetails(
  context: ValidationContext,
  questions: readonly CheckoutQuestion[],
): CustomerDetailsValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    emailConfirm: '',
    phone: '',
    deliveryMethod: '',
    address: {
      line1: '',
      line2: '',
      city: '',
      state: '',
      postcode: '',
      country: context.homeCountry,
    },
    answers: Object.fromEntries(questions.map((question) => [question.id, ''])),
    acceptTerms: false,
    marketingOptOut: false,
    abandonedBasketOptOut: false,
  };
}
