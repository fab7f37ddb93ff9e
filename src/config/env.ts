import { bookingApiBase, type Region, type Service } from '@contract/regions';
import { toRoutingMode, type RoutingMode } from '@contract/routes';

export type { RoutingMode };

export interface AppEnv {
  routingMode: RoutingMode;
  /** Venue of single-venue and single-show modes, and the house frame of the directory. */
  venueSlug: string;
  /** Show of single-show mode. */
  showSlug: string;
  bookingApi: Record<Region, string>;
  services: Record<Service, string>;
}

type RawEnv = Partial<Record<keyof ImportMetaEnv, string | undefined>>;

function pick(value: string | undefined, fallback: string): string {
  return value !== undefined && value.trim() !== '' ? value.trim() : fallback;
}

/** Reads the VITE_* settings with the .env.example values as defaults, so a bare build works. */
export function readEnv(raw: RawEnv): AppEnv {
  return {
    routingMode: toRoutingMode(raw.VITE_ROUTING_MODE),
    venueSlug: pick(raw.VITE_VENUE_SLUG, 'lumen-theatre'),
    showSlug: pick(raw.VITE_SHOW_SLUG, 'the-glass-orchard'),
    bookingApi: {
      uk: bookingApiBase('uk', raw),
      'us-west': bookingApiBase('us-west', raw),
      'us-east': bookingApiBase('us-east', raw),
      'us-central': bookingApiBase('us-central', raw),
    },
    services: {
      auth: pick(raw.VITE_AUTH_API, '/services/auth'),
      'customer-accounts': pick(raw.VITE_CUSTOMER_ACCOUNTS_API, '/services/customer-accounts'),
      'account-management': pick(raw.VITE_ACCOUNT_MANAGEMENT_API, '/services/account-management'),
      session: pick(raw.VITE_SESSION_API, '/services/session'),
      payment: pick(raw.VITE_PAYMENT_API, '/services/payment'),
      'customer-profile': pick(raw.VITE_CUSTOMER_PROFILE_API, '/services/customer-profile'),
      'address-lookup': pick(raw.VITE_ADDRESS_LOOKUP_API, '/services/address-lookup'),
    },
  };
}

export const env: AppEnv = readEnv(import.meta.env);
