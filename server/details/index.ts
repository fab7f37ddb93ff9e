// The buyer's details' public module (issue 23): each name listed. Orders need complete details;
// the member profile checks an address by the same rules.
export { requireCompleteDetails } from './details';
export { checkAddress, homeCountryOfVenue } from './rules';
