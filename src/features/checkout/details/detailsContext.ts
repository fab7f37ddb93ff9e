import type { Basket } from '@contract/api/basket';
import type { CheckoutOptions } from '@contract/api/checkout';
import type { VenueConfig } from '@/config/venues';
import {
  validationContextFor,
  type ValidationContext,
} from '../../../components/form/validation/validationContext';

/**
 * The rules of a details step: the venue's locale and settings, and the country the booking API
 * says this hold's details are checked against (the same rules run there), so the form and the
 * server can never disagree about postcodes, phones or where tickets may go.
 */
export function detailsContext(venue: VenueConfig, options: CheckoutOptions): ValidationContext {
  return { ...validationContextFor(venue), homeCountry: options.homeCountry };
}

/** Whatever the basket holds, the steps after the details never depend on its extras or protection. */
export const ANY_BASKET: Pick<Basket, 'upsellsOffered' | 'ticketProtection'> = {
  upsellsOffered: [],
  ticketProtection: null,
};
