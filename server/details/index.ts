// What other capabilities may call of details: every name is listed, none re-exported wholesale.
export { requireCompleteDetails } from './details';
export { checkAddress, homeCountryOfVenue } from './rules';
