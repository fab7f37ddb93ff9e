/// <reference types="vite/client" />

/** Build-time settings of the SPA; every value has a default in src/config/env.ts (.env.example). */
interface ImportMetaEnv {
  readonly VITE_ROUTING_MODE?: string;
  readonly VITE_VENUE_SLUG?: string;
  readonly VITE_SHOW_SLUG?: string;
  readonly VITE_POLYFILL_URL?: string;
  readonly VITE_BOOKING_API_UK?: string;
  readonly VITE_BOOKING_API_US_WEST?: string;
  readonly VITE_BOOKING_API_US_EAST?: string;
  readonly VITE_BOOKING_API_US_CENTRAL?: string;
  readonly VITE_AUTH_API?: string;
  readonly VITE_CUSTOMER_ACCOUNTS_API?: string;
  readonly VITE_ACCOUNT_MANAGEMENT_API?: string;
  readonly VITE_SESSION_API?: string;
  readonly VITE_PAYMENT_API?: string;
  readonly VITE_CUSTOMER_PROFILE_API?: string;
  readonly VITE_ADDRESS_LOOKUP_API?: string;
  readonly VITE_GOOGLE_PAY_GATEWAY?: string;
  readonly VITE_GOOGLE_PAY_GATEWAY_MERCHANT_ID?: string;
  readonly VITE_GOOGLE_PAY_MERCHANT_ID?: string;
  readonly VITE_APPLE_PAY_MERCHANT_ID?: string;
}
