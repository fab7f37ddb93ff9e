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

/** The SPA's build setting naming each regional booking API's base address (.env.example). */
const BOOKING_API_SETTINGS: Record<Region, string> = {
  uk: 'VITE_BOOKING_API_UK',
  'us-west': 'VITE_BOOKING_API_US_WEST',
  'us-east': 'VITE_BOOKING_API_US_EAST',
  'us-central': 'VITE_BOOKING_API_US_CENTRAL',
};

/**
 * The base address the SPA asks a region's booking API at: its setting, or where `npm start`
 * mounts it. Read by the SPA (src/config/env.ts) and by the build, which tells the server what
 * What's on reads first (scripts/vitePluginRoutePreloads.ts), so both name the same address.
 */
export function bookingApiBase(
  region: Region,
  settings: Partial<Record<string, string | undefined>>,
): string {
  const value = settings[BOOKING_API_SETTINGS[region]]?.trim();
  return value === undefined || value === '' ? bookingApiPath(region) : value;
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
