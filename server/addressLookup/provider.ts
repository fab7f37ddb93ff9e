import type { Address } from '../../contract/api/checkout';

/**
 * Where the address lookup service (GET /services/address-lookup/addresses) gets addresses.
 * The built-in `demo` provider holds the demo area's data; a real one (Royal Mail PAF through a
 * reseller, USPS or a commercial API) implements this interface, is added to PROVIDERS in
 * setup.ts and is chosen with ADDRESS_LOOKUP_PROVIDER. The service has already checked and
 * normalised the postcode; the provider only looks it up.
 */
export interface AddressLookupProvider {
  readonly name: string;
  /**
   * The addresses at `postcode` in `country`, in a sensible reading order (house numbers
   * ascending); an unknown postcode is an empty list, not an error. Rejects only when the
   * provider cannot answer (network, quota), which the service reports as 503.
   */
  lookup(country: 'GB' | 'US', postcode: string): Promise<Address[]>;
}
