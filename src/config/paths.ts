import { ACCOUNT_VERIFY_PATH } from '@contract/accountActivation';
import type { Region } from '@contract/regions';
import type { PageKey, RoutingMode } from '@contract/routes';
import type { AppEnv } from './env';

/**
 * Spec §2's four routing tables (contract/routes.ts). routeTable() (app/router.tsx) turns
 * ROUTE_PATTERNS into the router's route objects and the path builders build every link, so a
 * path is written once per mode and never by hand.
 */

export type { PageKey };

export type RouteEnv = Pick<AppEnv, 'venueSlug' | 'showSlug'>;

/** The same in every mode. */
export const CHECKOUT_PATHS = {
  extras: '/checkout/extras',
  ticketProtection: '/checkout/ticket-protection',
  collection: '/checkout/collection',
  payment: '/checkout/payment',
  verify: '/checkout/verify',
  confirmation: '/checkout/confirmation',
  failed: '/checkout/failed',
  reservations: '/checkout/reservations',
  contacts: '/checkout/contacts',
} as const;

export const CATALOGUE_PATHS = {
  membership: '/membership',
  /** Where 3-D Secure sends an ATG+ payment back (MEMBERSHIP_VERIFY_PATH, contract/api/members.ts). */
  membershipVerify: '/membership/verify',
  subscriptions: '/subscriptions',
} as const;

/**
 * Account pages (issue 14). Like the activation link (contract/accountActivation.ts), each takes
 * `?venue=<slug>` for its venue's frame and words, and tokens travel only in the query, never in
 * a request's path.
 */
/** Find my tickets (issue 25): a guest asks for the confirmation email again. */
export const FIND_TICKETS_PATH = '/find-tickets';

export const ACCOUNT_PATHS = {
  verify: ACCOUNT_VERIFY_PATH,
  signIn: '/sign-in',
  signUp: '/sign-up',
  resetPassword: '/reset-password',
  /** Where the emailed reset link lands: `?token=…&venue=…`. */
  resetPasswordComplete: '/reset-password/new',
  /** Where the emailed link that confirms a changed email address lands. */
  confirmEmail: '/account/email/confirm',
  account: '/account',
  profile: '/account/profile',
  orders: '/account/orders',
  order: '/account/orders/:orderId',
  security: '/account/security',
} as const;

export interface Paths {
  mode: RoutingMode;
  /** Where "home" is: the directory, the venue page or the show page, by mode. */
  home: string;
  /** Whether venues have their own page (otherwise venue links would lead back home). */
  hasVenuePages: boolean;
  venuePath(venueSlug: string): string;
  showPath(titleSlug: string, venueSlug: string): string;
  calendarPath(titleSlug: string, venueSlug: string, date?: string, promo?: string): string;
  ticketsPath(titleSlug: string, venueSlug: string, performanceId: string): string;
}

const seg = encodeURIComponent;

function withPromo(path: string, promo: string | undefined): string {
  return promo === undefined ? path : `${path}?${new URLSearchParams({ pc: promo }).toString()}`;
}

/**
 * Path builders for one mode; slugs and ids are assumed already valid (they come from the API).
 * The env is part of the signature because single-venue/show paths omit what it fixes.
 */
export function pathsFor(mode: RoutingMode, _routeEnv: RouteEnv): Paths {
  switch (mode) {
    case 'multi-venue': {
      const show = (t: string, v: string) => `/events/${seg(t)}/${seg(v)}/`;
      return {
        mode,
        home: '/',
        hasVenuePages: false,
        venuePath: () => '/',
        showPath: show,
        calendarPath: (t, v, date, promo) =>
          withPromo(`${show(t, v)}calendar/${date ? seg(date) : ''}`, promo),
        ticketsPath: (t, v, id) => `${show(t, v)}tickets/${seg(id)}`,
      };
    }
    case 'single-venue': {
      const show = (t: string) => `/events/${seg(t)}/`;
      return {
        mode,
        home: '/',
        hasVenuePages: false,
        venuePath: () => '/',
        showPath: (t) => show(t),
        calendarPath: (t, _v, date, promo) =>
          withPromo(`${show(t)}calendar/${date ? seg(date) : ''}`, promo),
        ticketsPath: (t, _v, id) => `${show(t)}tickets/${seg(id)}`,
      };
    }
    case 'single-show':
      return {
        mode,
        home: '/',
        hasVenuePages: false,
        venuePath: () => '/',
        showPath: () => '/',
        calendarPath: (_t, _v, date, promo) =>
          withPromo(`/calendar/${date ? seg(date) : ''}`, promo),
        ticketsPath: (_t, _v, id) => `/tickets/${seg(id)}`,
      };
    default: {
      const show = (t: string, v: string) => `/shows/${seg(t)}/${seg(v)}/`;
      return {
        mode,
        home: '/',
        hasVenuePages: true,
        venuePath: (v) => `/venues/${seg(v)}/`,
        showPath: show,
        calendarPath: (t, v, date, promo) =>
          withPromo(`${show(t, v)}calendar/${date ? seg(date) : ''}`, promo),
        ticketsPath: (t, v, id) => `${show(t, v)}tickets/${seg(id)}`,
      };
    }
  }
}

/** What a matched route is about, after its params were validated (see routeTable). */
export interface RouteTarget {
  venueSlug: string;
  region: Region;
  titleSlug?: string;
  date?: string;
  promo?: string;
  performanceId?: string;
}
