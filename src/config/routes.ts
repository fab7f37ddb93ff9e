import type { ComponentType } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ACCOUNT_VERIFY_PATH } from '@contract/accountActivation';
import { isCalendarDate, isId, isSlug } from '@contract/patterns';
import type { Region } from '@contract/regions';
import { lazyWithTimeout } from '@/app/lazyWithTimeout';
import { RequireHold, RequireOrder } from '@/app/guards';
import { RootErrorBoundary, RootLayout } from '@/app/RootLayout';
import type { RootHandle } from '@/app/usePaths';
import type * as StepPagesModule from '@/features/steps/StepPages';
import { RouteErrorPage } from '@/features/errors/RouteErrorPage';
import type { AppEnv, RoutingMode } from './env';
import { getVenue } from './venues';

/**
 * Spec §2's four routing tables. routeTable() turns ROUTE_PATTERNS into the router's route
 * objects and the path builders build every link, so a path is written once per mode and never
 * by hand.
 */

export type PageKey = 'directory' | 'venue' | 'show' | 'calendar' | 'tickets';

export type RouteEnv = Pick<AppEnv, 'venueSlug' | 'showSlug'>;

/** React Router patterns of the pages whose paths depend on the mode. */
export const ROUTE_PATTERNS: Record<RoutingMode, Partial<Record<PageKey, string>>> = {
  'multi-venue': {
    directory: '/',
    show: '/events/:titleSlug/:venueSlug',
    calendar: '/events/:titleSlug/:venueSlug/calendar/:date?',
    tickets: '/events/:titleSlug/:venueSlug/tickets/:performanceId',
  },
  'single-venue': {
    venue: '/',
    show: '/events/:titleSlug',
    calendar: '/events/:titleSlug/calendar/:date?',
    tickets: '/events/:titleSlug/tickets/:performanceId',
  },
  'single-show': {
    show: '/',
    calendar: '/calendar/:date?',
    tickets: '/tickets/:performanceId',
  },
  default: {
    directory: '/',
    venue: '/venues/:venueSlug',
    show: '/shows/:titleSlug/:venueSlug',
    calendar: '/shows/:titleSlug/:venueSlug/calendar/:date?',
    tickets: '/shows/:titleSlug/:venueSlug/tickets/:performanceId',
  },
};

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
  subscriptions: '/subscriptions',
} as const;

/** Account pages reached from emails: the activation link (contract/accountActivation.ts). */
export const ACCOUNT_PATHS = {
  verify: ACCOUNT_VERIFY_PATH,
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

/* ------------------------------------------------------------------------------------------ */
/* The route objects                                                                           */
/* ------------------------------------------------------------------------------------------ */

type LoaderArgs = LoaderFunctionArgs;

function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's way to render the 404 page
  throw data(null, { status: 404, statusText: 'Not Found' });
}

function knownVenue(slug: string | undefined): { venueSlug: string; region: Region } {
  if (!isSlug(slug)) notFound();
  const venue = getVenue(slug);
  if (venue === undefined) notFound();
  return { venueSlug: slug, region: venue.settings.region };
}

function slugParam(value: string | undefined): string {
  if (!isSlug(value)) notFound();
  return value;
}

/** `?pc=` is optional: a malformed code is dropped rather than failing the calendar. */
function promoFrom(request: Request): string | undefined {
  const promo = new URL(request.url).searchParams.get('pc') ?? undefined;
  return isSlug(promo) ? promo : undefined;
}

function targetLoader(mode: RoutingMode, routeEnv: RouteEnv, page: PageKey) {
  return ({ params, request }: LoaderArgs): RouteTarget => {
    if (page === 'directory') return knownVenue(routeEnv.venueSlug);
    const venue = knownVenue(params.venueSlug ?? routeEnv.venueSlug);
    if (page === 'venue') return venue;
    const titleSlug = slugParam(mode === 'single-show' ? routeEnv.showSlug : params.titleSlug);
    const target: RouteTarget = { ...venue, titleSlug };
    if (page === 'calendar') {
      if (params.date !== undefined && !isCalendarDate(params.date)) notFound();
      if (params.date !== undefined) target.date = params.date;
      const promo = promoFrom(request);
      if (promo !== undefined) target.promo = promo;
    }
    if (page === 'tickets') {
      if (!isId(params.performanceId)) notFound();
      target.performanceId = params.performanceId;
    }
    return target;
  };
}

/**
 * The confirmation's `?venue=` (its secret link carries it): where the order lives and whose
 * colours frame it. Without a known one the page uses the held venue, or asks every region.
 */
function orderVenueLoader({ request }: LoaderArgs): RouteTarget | null {
  const slug = new URL(request.url).searchParams.get('venue') ?? undefined;
  const venue = isSlug(slug) ? getVenue(slug) : undefined;
  return venue === undefined
    ? null
    : { venueSlug: venue.settings.slug, region: venue.settings.region };
}

type PageModule = { default: ComponentType };

/**
 * Every page is its own lazy chunk, loaded through lazyWithTimeout (spec §1 ChunkLoadError).
 * A chunk that fails becomes a page that throws the ChunkLoadError while rendering: React
 * Router 7 keeps a rejected `lazy` on the route and then renders nothing below the root, so the
 * route's error boundary (which explains and offers a reload) would never be shown.
 */
function page(importer: () => Promise<PageModule>): RouteObject['lazy'] {
  const load = lazyWithTimeout(importer);
  return async () => {
    try {
      return { Component: (await load()).default };
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

const PAGE_MODULES: Record<PageKey, () => Promise<PageModule>> = {
  directory: () => import('@/features/directory/DirectoryPage'),
  venue: () => import('@/features/venue/VenuePage'),
  show: () => import('@/features/show/ShowPage'),
  calendar: () => import('@/features/calendar/CalendarPage'),
  tickets: () => import('@/features/tickets/TicketsPage'),
};

const steps = (name: keyof typeof StepPagesModule) => () =>
  import('@/features/steps/StepPages').then((module) => ({ default: module[name] }));

function leaf(
  path: string,
  importer: () => Promise<PageModule>,
  loader?: RouteObject['loader'],
): RouteObject {
  return { path, lazy: page(importer), loader, ErrorBoundary: RouteErrorPage };
}

/**
 * The pages whose state and flows load with them (ChoosingFlows), like the checkout's
 * (CheckoutFlows): a pathless layout route around each group starts its sagas.
 */
const CHOOSING_PAGES: ReadonlySet<PageKey> = new Set(['calendar', 'tickets']);

/** The route objects of one mode: spec §2's table, checkout and catalogue routes, and a 404. */
export function routeTable(mode: RoutingMode, routeEnv: RouteEnv): RouteObject[] {
  const pages = Object.entries(ROUTE_PATTERNS[mode]) as [PageKey, string][];
  const pageLeaf = ([key, path]: [PageKey, string]) =>
    leaf(path, PAGE_MODULES[key], targetLoader(mode, routeEnv, key));
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      // The first page's data and chunk arrive within milliseconds; an empty frame is steadier than a flash.
      HydrateFallback: () => null,
      handle: { paths: pathsFor(mode, routeEnv), routeEnv } satisfies RootHandle,
      children: [
        {
          ErrorBoundary: RouteErrorPage,
          children: [
            ...pages.filter(([key]) => !CHOOSING_PAGES.has(key)).map(pageLeaf),
            {
              lazy: page(() => import('@/features/tickets/ChoosingFlows')),
              children: pages.filter(([key]) => CHOOSING_PAGES.has(key)).map(pageLeaf),
            },
            {
              lazy: page(() => import('@/features/checkout/CheckoutFlows')),
              children: [
                {
                  Component: RequireHold,
                  ErrorBoundary: RouteErrorPage,
                  children: [
                    leaf(
                      CHECKOUT_PATHS.reservations,
                      () => import('@/features/reservations/ReservationsPage'),
                    ),
                    leaf(CHECKOUT_PATHS.extras, () => import('@/features/upsells/ExtrasPage')),
                    leaf(
                      CHECKOUT_PATHS.ticketProtection,
                      () => import('@/features/ticketProtection/TicketProtectionPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.collection,
                      () => import('@/features/customerDetails/CollectionPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.contacts,
                      () => import('@/features/customerDetails/ContactsPage'),
                    ),
                    leaf(CHECKOUT_PATHS.payment, () => import('@/features/payment/PaymentPage')),
                  ],
                },
                {
                  Component: RequireOrder,
                  ErrorBoundary: RouteErrorPage,
                  children: [
                    leaf(
                      CHECKOUT_PATHS.confirmation,
                      () => import('@/features/confirmation/ConfirmationPage'),
                      orderVenueLoader,
                    ),
                  ],
                },
                // The bank sends the browser back here even when the hold ran out meanwhile (the
                // late payment may still be honoured), so it needs the stored payment, not a hold.
                leaf(CHECKOUT_PATHS.verify, () => import('@/features/payment/VerifyPage')),
                leaf(CHECKOUT_PATHS.failed, () => import('@/features/payment/PaymentFailedPage')),
              ],
            },
            leaf(CATALOGUE_PATHS.membership, steps('MembershipPage')),
            leaf(CATALOGUE_PATHS.subscriptions, steps('SubscriptionsPage')),
            // The activation link carries `?venue=` too, so the page wears the order's venue.
            leaf(
              ACCOUNT_PATHS.verify,
              () => import('@/features/signUp/ActivateAccountPage'),
              orderVenueLoader,
            ),
            { path: '*', loader: notFound, Component: () => null, ErrorBoundary: RouteErrorPage },
          ],
        },
      ],
    },
  ];
}
