import type {
  Address,
  CheckoutDetails,
  CheckoutOptions,
  PutDetailsBody,
} from '@contract/api/checkout';
import type { VenueFlags } from '@contract/venue';
import { POSTAL_COUNTRIES } from '@contract/address/countries';
import { formatUkPostcode } from '@contract/address/ukPostcode';
import { formatUsZip } from '@contract/address/usZip';
import {
  POSTED_DELIVERY,
  emptyAddress,
  emptyContacts,
  type AddressValues,
  type CollectionValues,
  type ContactsValues,
} from '../../../components/form/validation/customerDetailsSchema';
import type { ValidationContext } from '../../../components/form/validation/validationContext';

/**
 * Between what the booking API stores and what the two forms hold: a form opens with what was
 * saved (a reload loses nothing), and a submit sends only its own step's part.
 */

export function collectionValues(
  details: CheckoutDetails,
  options: CheckoutOptions,
  context: ValidationContext,
): CollectionValues {
  const { delivery } = details;
  const [onlyMethod] = options.deliveryMethods;
  return {
    // One way to get the tickets is not a choice, so it is made for the buyer.
    deliveryMethod:
      delivery?.method ?? (options.deliveryMethods.length === 1 && onlyMethod ? onlyMethod : ''),
    address: delivery?.address ? { ...delivery.address } : emptyAddress(context),
  };
}

/** Tidied as the post office writes it: trimmed, the postcode or ZIP in its usual form. */
function postalAddress(address: AddressValues, context: ValidationContext): Address {
  const trimmed = (value: string) => value.trim();
  const ukStyle = POSTAL_COUNTRIES.GB.includes(address.country);
  const postcode = trimmed(address.postcode);
  return {
    line1: trimmed(address.line1),
    line2: trimmed(address.line2),
    city: trimmed(address.city),
    state: context.homeCountry === 'US' ? address.state : '',
    postcode: ukStyle ? formatUkPostcode(postcode) : formatUsZip(postcode),
    country: address.country,
  };
}

export function collectionBody(
  values: CollectionValues,
  context: ValidationContext,
): PutDetailsBody {
  const method = values.deliveryMethod as NonNullable<CheckoutDetails['delivery']>['method'];
  return {
    delivery: {
      method,
      address: method === POSTED_DELIVERY ? postalAddress(values.address, context) : null,
    },
  };
}

export function contactsValues(details: CheckoutDetails, options: CheckoutOptions): ContactsValues {
  const blank = emptyContacts(options.questions);
  const { contact, consents } = details;
  return {
    ...blank,
    ...(contact === null
      ? {}
      : {
          firstName: contact.firstName,
          lastName: contact.lastName,
          email: contact.email,
          // The stored email was confirmed when it was saved.
          emailConfirm: contact.email,
          phone: contact.phone,
        }),
    answers: Object.fromEntries(
      options.questions.map((question) => [question.id, details.answers[question.id] ?? '']),
    ),
    ...(consents === null
      ? {}
      : {
          acceptTerms: consents.termsAccepted,
          marketingOptIn: consents.marketingOptIn,
          pecrOptOut: consents.pecrOptOut,
          abandonedBasketOptOut: consents.abandonedBasketOptOut,
        }),
  };
}

type ConsentFlags = Pick<VenueFlags, 'shouldShowMarketingPreferences' | 'hidePecrOptOut'>;

export function contactsBody(
  values: ContactsValues,
  options: CheckoutOptions,
  flags: ConsentFlags,
): PutDetailsBody {
  return {
    contact: {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
    },
    answers: Object.fromEntries(
      options.questions.map((question) => [
        question.id,
        (values.answers[question.id] ?? '').trim(),
      ]),
    ),
    consents: {
      termsAccepted: values.acceptTerms,
      // A box the buyer was never shown records no choice of theirs.
      marketingOptIn: flags.shouldShowMarketingPreferences && values.marketingOptIn,
      pecrOptOut: !flags.hidePecrOptOut && values.pecrOptOut,
      abandonedBasketOptOut: values.abandonedBasketOptOut,
    },
  };
}
