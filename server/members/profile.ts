import { POSTAL_COUNTRIES } from '../../contract/address/countries';
import { isValidPhone } from '../../contract/address/phone';
import type { Address } from '../../contract/api/checkout';
import type { Profile, ProfileBody } from '../../contract/api/members';
import type { VenueSettings } from '../../contract/venue';
import type { Queryable } from '../db/database';
import * as p from './queries/profile';
import { checkAddress, homeCountryOfVenue } from '../lib/postalAddress';
import { ApiError, notFound } from '../lib/errors';

/**
 * The customer profile (issue 14): names, phone, home address and the marketing choice, checked
 * as the checkout checks a buyer's details (contract/address/*: libphonenumber-js for the phone
 * against the venue's country or its +code; the venue's postcode/ZIP, city and state rules for
 * an address in its country). An address abroad is kept as typed, as the checkout's form takes
 * it: only posting tickets is limited to the venue's country.
 */

function profileProblems(body: ProfileBody, venue: VenueSettings): string[] {
  const home = homeCountryOfVenue(venue);
  const problems: string[] = [];
  if (body.phone && !isValidPhone(body.phone, home)) problems.push('body.phone');
  if (body.address && POSTAL_COUNTRIES[home].includes(body.address.country)) {
    for (const problem of checkAddress(body.address, home).problems) {
      problems.push(problem.field.replace(/^delivery\./, 'body.'));
    }
  }
  return problems;
}

function normalisedAddress(address: Address | null, venue: VenueSettings): Address | null {
  const home = homeCountryOfVenue(venue);
  if (!address || !POSTAL_COUNTRIES[home].includes(address.country)) return address;
  return checkAddress(address, home).value;
}

export async function readProfile(db: Queryable, accountId: string): Promise<Profile> {
  const profile = await p.findProfile(db, accountId);
  if (!profile) throw notFound('Profile');
  return profile;
}

/** 400 validation_failed naming every failing field; nothing is saved unless all pass. */
export async function saveProfile(
  tx: Queryable,
  accountId: string,
  body: ProfileBody,
  venue: VenueSettings,
): Promise<Profile> {
  const problems = profileProblems(body, venue);
  if (problems.length > 0) {
    throw new ApiError(400, 'validation_failed', 'Your changes were not saved.', problems);
  }
  const saved = await p.updateProfile(tx, accountId, {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone ? body.phone : null,
    address: normalisedAddress(body.address, venue),
    marketingOptIn: body.marketingOptIn,
  });
  if (!saved) throw notFound('Profile');
  return saved;
}
