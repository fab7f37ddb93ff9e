import type { RateLimit } from '../http/rateLimit';
import { demoAddressLookup } from './demoProvider';
import type { AddressLookupProvider } from './provider';

/**
 * Address lookup providers by name (ADDRESS_LOOKUP_PROVIDER). Only `demo` ships; a real one is
 * one more entry here, reading its own credentials from the environment.
 */
const PROVIDERS: Record<string, () => AddressLookupProvider> = {
  demo: () => demoAddressLookup(),
};

export const DEFAULT_ADDRESS_LOOKUP_PROVIDER = 'demo';

export function addressLookupProviderFromEnv(env: NodeJS.ProcessEnv): AddressLookupProvider {
  const name = env.ADDRESS_LOOKUP_PROVIDER || DEFAULT_ADDRESS_LOOKUP_PROVIDER;
  const create = PROVIDERS[name];
  if (!create) {
    throw new Error(
      `ADDRESS_LOOKUP_PROVIDER must be one of ${Object.keys(PROVIDERS).join(', ')}, got "${name}"`,
    );
  }
  return create();
}

/**
 * Lookups per client address in 10 minutes. A buyer looks up one or two postcodes; a scraper
 * walking the postcode space (a paid provider bills per lookup) is stopped early.
 */
export const DEFAULT_ADDRESS_LOOKUP_RATE_LIMIT: RateLimit = { max: 60, windowSeconds: 600 };

export function addressLookupRateLimitFromEnv(env: NodeJS.ProcessEnv): RateLimit {
  const value = env.ADDRESS_LOOKUP_RATE_LIMIT;
  if (value === undefined || value === '') return DEFAULT_ADDRESS_LOOKUP_RATE_LIMIT;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) {
    throw new Error(`ADDRESS_LOOKUP_RATE_LIMIT must be a positive whole number, got "${value}"`);
  }
  return { ...DEFAULT_ADDRESS_LOOKUP_RATE_LIMIT, max };
}
