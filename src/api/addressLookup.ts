import type { AddressLookupResponse } from '@contract/api/checkout';
import { serviceApi } from './client';

/**
 * The addresses at a postcode or ZIP (venue flag showAddressLookup), from the address lookup
 * service's own base address: it needs no session, and a real provider can sit behind it.
 */
export function lookupAddresses(
  country: 'GB' | 'US',
  postcode: string,
  signal?: AbortSignal,
): Promise<AddressLookupResponse> {
  return serviceApi('address-lookup')
    .get<AddressLookupResponse>('/addresses', { signal, params: { country, postcode } })
    .then((response) => response.data);
}
