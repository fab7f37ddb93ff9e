import type { ComponentType } from 'react';
import { createBrowserRouter, data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { isCalendarDate, isId, isSlug } from '@contract/patterns';
import type { Region } from '@contract/regions';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { RequireHold, RequireOrder } from '@/app/guards';
import { RootErrorBoundary, RootLayout } from '@/app/RootLayout';
import type { RootHandle } from '@/config/usePaths';
import { RouteErrorPage } from '@/components/errors/RouteErrorPage';
import type { AppEnv, RoutingMode } from '@/config/env';
import {
  ACCOUNT_PATHS,
  CATALOGUE_PATHS,
  CHECKOUT_PATHS,
  ROUTE_PATTERNS,
  pathsFor,
  type PageKey,
  type RouteEnv,
  type RouteTarget,
} from '@/config/paths';
import { getVenue } from '@/config/venues';
import { WAITING_ROOM_PATH } from '@/features/queue/queuePaths';
import { preloadFrame } from './preloadFrame';

export function createAppRouter(config: AppEnv) {
  return createBrowserRouter(routeTable(config.routingMode, config));
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
    // The venue's own pages wear its frame: its text and logo load beside the page's chunk.
    const config = getVenue(venue.venueSlug);
    if (config !== undefined) preloadFrame(config);
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

/** The waiting room is framed by the venue its `?venue=` names; without one it does not exist. */
function waitingRoomLoader({ request }: LoaderArgs): RouteTarget {
  return knownVenue(new URL(request.url).searchParams.get('venue') ?? undefined);
}

type PageModule = { default: ComponentType };

/**
 * Every page is its own lazy chunk, loaded through lazyWithTimeout (spec §1 ChunkLoadError).
 * A chunk that fails becomes a page that throws the ChunkLoadError while rendering: React
 * Router 7 keeps a rejected `lazy` on the route and then renders nothing below the root, so the
 * route's error boundary (which explains and offers a reload) would never be shown. Every page
 * but What's on waits for the rest of the message source with its chunk (sourceCatalogue.ts);
 * What's on is the first route and draws with the first part.
 */
function page(
  importer: () => Promise<PageModule>,
  { firstRoute = false }: { firstRoute?: boolean } = {},
): RouteObject['lazy'] {
  const load = lazyWithTimeout(firstRoute ? importer : withWholeSource(importer));
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
  directory: () => import('@/features/catalogue/DirectoryPage'),
  venue: () => import('@/features/catalogue/VenuePage'),
  show: () => import('@/features/catalogue/ShowPage'),
  calendar: () => import('@/features/calendar/CalendarPage'),
  tickets: () => import('@/features/seatSelection/TicketsPage'),
};

function leaf(
  path: string,
  importer: () => Promise<PageModule>,
  loader?: RouteObject['loader'],
): RouteObject {
  return {
    path,
    lazy: page(importer, { firstRoute: importer === PAGE_MODULES.directory }),
    loader,
    ErrorBoundary: RouteErrorPage,
  };
}

/**
 * The pages whose state and flows load with them (ChoosingFlows), like the checkout's
 * (CheckoutFlows): a pathless layout route around each group starts its sagas.
 */
const CHOOSING_PAGES: ReadonlySet<PageKey> = new Set(['calendar', 'tickets']);

/** The pages an onsale queue stands in front of (issue 16): QueueGate decides per sale. */
const QUEUED_PAGES: ReadonlySet<PageKey> = new Set(['show', 'calendar', 'tickets']);

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
            ...pages.filter(([key]) => !QUEUED_PAGES.has(key)).map(pageLeaf),
            {
              // A queued sale's show, calendar and tickets pages are behind its waiting room.
              lazy: page(() => import('@/features/queue/QueueGate')),
              children: [
                ...pages
                  .filter(([key]) => QUEUED_PAGES.has(key) && !CHOOSING_PAGES.has(key))
                  .map(pageLeaf),
                {
                  lazy: page(() => import('@/features/seatSelection/ChoosingFlows')),
                  children: pages.filter(([key]) => CHOOSING_PAGES.has(key)).map(pageLeaf),
                },
              ],
            },
            leaf(
              WAITING_ROOM_PATH,
              () => import('@/features/queue/WaitingRoomPage'),
              waitingRoomLoader,
            ),
            {
              lazy: page(() => import('@/features/checkout/CheckoutFlows')),
              children: [
                {
                  Component: RequireHold,
                  ErrorBoundary: RouteErrorPage,
                  children: [
                    leaf(
                      CHECKOUT_PATHS.reservations,
                      () => import('@/features/checkout/review/ReservationsPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.extras,
                      () => import('@/features/checkout/extras/ExtrasPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.ticketProtection,
                      () => import('@/features/checkout/protection/TicketProtectionPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.collection,
                      () => import('@/features/checkout/delivery/CollectionPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.contacts,
                      () => import('@/features/checkout/contacts/ContactsPage'),
                    ),
                    leaf(
                      CHECKOUT_PATHS.payment,
                      () => import('@/features/checkout/payment/PaymentPage'),
                    ),
                  ],
                },
                {
                  Component: RequireOrder,
                  ErrorBoundary: RouteErrorPage,
                  children: [
                    leaf(
                      CHECKOUT_PATHS.confirmation,
                      () => import('@/features/checkout/confirmation/ConfirmationPage'),
                      orderVenueLoader,
                    ),
                  ],
                },
                // The bank sends the browser back here even when the hold ran out meanwhile (the
                // late payment may still be honoured), so it needs the stored payment, not a hold.
                leaf(CHECKOUT_PATHS.verify, () => import('@/features/checkout/payment/VerifyPage')),
                leaf(
                  CHECKOUT_PATHS.failed,
                  () => import('@/features/checkout/payment/PaymentFailedPage'),
                ),
              ],
            },
            // Member pages take `?venue=` as the confirmation does: whose offers, words and frame.
            {
              lazy: page(() => import('@/features/membership/MemberFlows')),
              children: [
                leaf(
                  CATALOGUE_PATHS.membership,
                  () => import('@/features/membership/MembershipPage'),
                  orderVenueLoader,
                ),
                leaf(
                  CATALOGUE_PATHS.membershipVerify,
                  () => import('@/features/membership/MembershipVerifyPage'),
                  orderVenueLoader,
                ),
                leaf(
                  CATALOGUE_PATHS.subscriptions,
                  () => import('@/features/membership/SubscriptionsPage'),
                  orderVenueLoader,
                ),
                leaf(
                  ACCOUNT_PATHS.account,
                  () => import('@/features/account/AccountPage'),
                  orderVenueLoader,
                ),
                leaf(
                  ACCOUNT_PATHS.profile,
                  () => import('@/features/account/ProfilePage'),
                  orderVenueLoader,
                ),
                leaf(
                  ACCOUNT_PATHS.orders,
                  () => import('@/features/account/OrdersPage'),
                  orderVenueLoader,
                ),
                leaf(
                  ACCOUNT_PATHS.order,
                  () => import('@/features/account/AccountOrderPage'),
                  orderVenueLoader,
                ),
              ],
            },
            // The activation link carries `?venue=` too, so the page wears the order's venue.
            leaf(
              ACCOUNT_PATHS.verify,
              () => import('@/features/account/ActivateAccountPage'),
              orderVenueLoader,
            ),
            // Sign-in and its pages (issue 14): `?venue=` frames each as the venue it acts for.
            leaf(
              ACCOUNT_PATHS.signIn,
              () => import('@/features/auth/SignInPage'),
              orderVenueLoader,
            ),
            leaf(
              ACCOUNT_PATHS.signUp,
              () => import('@/features/auth/SignUpPage'),
              orderVenueLoader,
            ),
            leaf(
              ACCOUNT_PATHS.resetPassword,
              () => import('@/features/auth/ResetPasswordPage'),
              orderVenueLoader,
            ),
            leaf(
              ACCOUNT_PATHS.resetPasswordComplete,
              () => import('@/features/auth/ResetPasswordCompletePage'),
              orderVenueLoader,
            ),
            leaf(
              ACCOUNT_PATHS.confirmEmail,
              () => import('@/features/auth/ConfirmEmailPage'),
              orderVenueLoader,
            ),
            leaf(
              ACCOUNT_PATHS.security,
              () => import('@/features/auth/SecurityPage'),
              orderVenueLoader,
            ),
            { path: '*', loader: notFound, Component: () => null, ErrorBoundary: RouteErrorPage },
          ],
        },
      ],
    },
  ];
}
