import type { Address } from '../../contract/api/checkout';
import { DEMO_POSTCODES, type DemoPostcode } from './demoAddresses';
import type { AddressLookupProvider } from './provider';

/** The five digits of a ZIP or ZIP+4; a UK postcode as it is. */
const zip5 = (postcode: string) => postcode.slice(0, 5);

function addressesOf(entry: DemoPostcode): Address[] {
  return entry.addresses.map(([line1, line2]) => ({
    line1,
    line2,
    city: entry.city,
    state: entry.state,
    postcode: entry.postcode,
    country: entry.country,
  }));
}

/**
 * The built-in provider: the demo area's addresses, in memory. A 5-digit ZIP finds every
 * address in it (across its ZIP+4 codes), a ZIP+4 only its own, a UK postcode its own.
 */
export function demoAddressLookup(
  data: readonly DemoPostcode[] = DEMO_POSTCODES,
): AddressLookupProvider {
  return {
    name: 'demo',
    lookup(country, postcode) {
      const matches = data.filter((entry) => {
        if (entry.country !== country) return false;
        if (country === 'GB' || postcode.length > 5) return entry.postcode === postcode;
        return zip5(entry.postcode) === postcode;
      });
      return Promise.resolve(matches.flatMap(addressesOf));
    },
  };
}
