import { isCityName } from '../../contract/address/city';
import {
  POSTAL_COUNTRIES,
  homeCountryOf,
  isUsState,
  type HomeCountry,
} from '../../contract/address/countries';
import { checkUkPostcode, formatUkPostcode } from '../../contract/address/ukPostcode';
import { checkUsZip, formatUsZip } from '../../contract/address/usZip';
import type { Address } from '../../contract/api/checkout';
import type { VenueSettings } from '../../contract/venue';

/**
 * A postal address in the venue's country, by the shared rules the SPA's forms use
 * (contract/address/*). Its own module because two capabilities judge addresses the same way:
 * the checkout's details (where tickets are posted) and the member profile (the home address);
 * neither owns the other's rule, so neither imports the other for it (issue 23).
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

export const invalid = (field: string): Problem => ({ field, code: 'validation_failed' });

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
