/**
 * The regional booking APIs (spec §3 "Regions"). Each region has its own base path on the
 * single-process server and its own process (REGION) in production.
 */
export const REGIONS = ['uk', 'us-west', 'us-east', 'us-central'] as const;
export type Region = (typeof REGIONS)[number];

/** State or nation codes a venue in each region may carry. */
export const REGION_STATES: Record<Region, readonly string[]> = {
  uk: ['ENG', 'SCT', 'WLS', 'NIR'],
  'us-west': ['CA'],
  'us-east': ['MI', 'MA', 'NY'],
  'us-central': ['TX', 'LA'],
};

export const REGION_CURRENCY: Record<Region, 'GBP' | 'USD'> = {
  uk: 'GBP',
  'us-west': 'USD',
  'us-east': 'USD',
  'us-central': 'USD',
};

/** Where each regional booking API is mounted on the one-process server (`npm start`). */
export function bookingApiPath(region: Region): string {
  return `/api/${region}`;
}

/** The non-regional services the spec names (§7), each under its own base path. */
export const SERVICES = [
  'auth',
  'customer-accounts',
  'account-management',
  'session',
  'payment',
  'customer-profile',
  // Issue 5: postcode/ZIP address lookup (venue flag showAddressLookup), a provider behind an interface.
  'address-lookup',
] as const;
export type Service = (typeof SERVICES)[number];

export function servicePath(service: Service): string {
  return `/services/${service}`;
}
