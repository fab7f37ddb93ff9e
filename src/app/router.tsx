import { lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type Location,
  type Params,
  type RouteObject,
} from 'react-router';
import { isCalendarDate, isId, isSlug } from '@contract/patterns';
import type { Region } from '@contract/regions';
import { ROUTE_PATTERNS } from '@contract/routes';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { RequireHold, RequireOrder } from '@/app/guards';
import { RootErrorPage, RootLayout } from '@/app/RootLayout';
import { RootHandleContext, type RootHandle } from '@/config/usePaths';
import { RouteResolutionContext, type RouteResolution } from '@/config/useRouteTarget';
import type { RoutingMode } from '@/config/env';
import {
  ACCOUNT_PATHS,
  FIND_TICKETS_PATH,
  CATALOGUE_PATHS,
  CHECKOUT_PATHS,
  pathsFor,
  type PageKey,
  type RouteEnv,
  type RouteTarget,
} from '@/config/paths';
import { getVenue } from '@/config/venues';
import { WAITING_ROOM_PATH } from '@/features/queue/queuePaths';
import { framesLoaded, preloadFrame } from './preloadFrame';
import { notFound } from '@/lib/routeError';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/* ------------------------------------------------------------------------------------------ */
/* Route targets: what an address is about, validated before anything renders                  */
/* ------------------------------------------------------------------------------------------ */

/**
 * Reads a matched route's params and query into its target, or throws notFound(). Pure but for
 * preloadFrame, which only starts downloads and may run more than once.
 */
type TargetResolver = (params: Params, search: URLSearchParams) => RouteTarget | null;

/** What a route object carries beside its element (React Router passes `handle` through). */
interface RouteHandle {
  target: TargetResolver;
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
function promoFrom(search: URLSearchParams): string | undefined {
  const promo = search.get('pc') ?? undefined;
  return isSlug(promo) ? promo : undefined;
}

function pageTarget(mode: RoutingMode, routeEnv: RouteEnv, page: PageKey): TargetResolver {
  return (params, search) => {
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
      const promo = promoFrom(search);
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
const orderVenueTarget: TargetResolver = (_params, search) => {
  const slug = search.get('venue') ?? undefined;
  const venue = isSlug(slug) ? getVenue(slug) : undefined;
  return venue === undefined
    ? null
    : { venueSlug: venue.settings.slug, region: venue.settings.region };
};

/** The waiting room is framed by the venue its `?venue=` names; without one it does not exist. */
const waitingRoomTarget: TargetResolver = (_params, search) =>
  knownVenue(search.get('venue') ?? undefined);

/**
 * The chunk of each route with a lazy element (pages and the layouts around them), so the whole
 * matched branch can be asked for at once: React.lazy asks for a nested layout's page only once
 * the layout has loaded and rendered, one round trip per level (three for the seat page, behind
 * QueueGate and ChoosingFlows), which on a phone's connection is most of the wait for its first
 * paint. The second import() of a module is answered by the first.
 */
const routeChunks = new WeakMap<RouteObject, () => Promise<unknown>>();

/**
 * Starts every chunk the matched branch will render and settles once all are in; a failure is
 * left for its lazy element.
 */
function startChunks(matches: { route: RouteObject }[]): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const { route } of matches) {
    const load = routeChunks.get(route);
    if (load !== undefined) loads.push(load().catch(() => undefined));
  }
  return Promise.all(loads).then(() => undefined);
}

/**
 * The deepest matched route with a resolver decides; a thrown notFound() becomes the failure.
 * Starts the branch's chunks too (startChunks), which only starts downloads, as preloadFrame does.
 */
export function resolveRoute(routes: RouteObject[], location: Location): RouteResolution {
  const matches = matchRoutes(routes, location) ?? [];
  void startChunks(matches);
  return resolveMatches(matches, location);
}

/** resolveRoute on a branch already matched (its resolvers start the venue's frame). */
function resolveMatches(
  matches: { route: RouteObject; params: Params }[],
  location: Location,
): RouteResolution {
  try {
    for (let index = matches.length - 1; index >= 0; index -= 1) {
      const match = matches[index]!;
      const handle = match.route.handle as RouteHandle | undefined;
      if (handle === undefined) continue;
      const target = handle.target(match.params, new URLSearchParams(location.search));
      return { failed: false, target: target ?? undefined };
    }
    return { failed: false, target: undefined };
  } catch (error) {
    return { failed: true, error };
  }
}

/* ------------------------------------------------------------------------------------------ */
/* The route objects                                                                           */
/* ------------------------------------------------------------------------------------------ */

type PageModule = { default: ComponentType };

/**
 * Every page (and every group's layout) is its own lazy chunk, loaded through lazyWithTimeout
 * (spec §1 ChunkLoadError), whose failure the page's error boundary explains. Every page but
 * What's on waits for the rest of the message source with its chunk (sourceCatalogue.ts); What's
 * on is the first route and draws with the first part.
 */
function lazyPage(
  importer: () => Promise<PageModule>,
  { firstRoute = false }: { firstRoute?: boolean } = {},
): { element: ReactNode; load: () => Promise<PageModule> } {
  const timed = lazyWithTimeout(firstRoute ? importer : withWholeSource(importer));
  let loading: Promise<PageModule> | undefined;
  let loaded: ComponentType | undefined;
  const load = () =>
    (loading ??= timed().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(load);
  /**
   * A page whose chunk is already here is drawn as it is: React.lazy suspends on its first
   * render even then, and React holds back what a Suspense boundary reveals until 300 ms after it
   * showed its fallback, which kept every first page off the screen for that long (issue 26).
   * Which of the two is decided once per mount, so a page never swaps one for the other.
   */
  function Page() {
    const [Loaded] = useState(() => loaded);
    return Loaded === undefined ? <Lazy /> : <Loaded />;
  }
  return { element: <Page />, load };
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
  target?: TargetResolver,
): RouteObject {
  const page = lazyPage(importer, { firstRoute: importer === PAGE_MODULES.directory });
  const route: RouteObject = {
    path,
    element: page.element,
    ...(target === undefined ? {} : { handle: { target } satisfies RouteHandle }),
  };
  routeChunks.set(route, page.load);
  return route;
}

/** A pathless route whose lazy layout (it renders an Outlet) stands around `children`. */
function group(importer: () => Promise<PageModule>, children: RouteObject[]): RouteObject {
  const page = lazyPage(importer);
  const route: RouteObject = { element: page.element, children };
  routeChunks.set(route, page.load);
  return route;
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
    leaf(path, PAGE_MODULES[key], pageTarget(mode, routeEnv, key));
  return [
    {
      element: <RootLayout />,
      children: [
        ...pages.filter(([key]) => !QUEUED_PAGES.has(key)).map(pageLeaf),
        // A queued sale's show, calendar and tickets pages are behind its waiting room.
        group(
          () => import('@/features/queue/QueueGate'),
          [
            ...pages
              .filter(([key]) => QUEUED_PAGES.has(key) && !CHOOSING_PAGES.has(key))
              .map(pageLeaf),
            group(
              () => import('@/features/seatSelection/ChoosingFlows'),
              pages.filter(([key]) => CHOOSING_PAGES.has(key)).map(pageLeaf),
            ),
          ],
        ),
        leaf(
          WAITING_ROOM_PATH,
          () => import('@/features/queue/WaitingRoomPage'),
          waitingRoomTarget,
        ),
        group(
          () => import('@/app/CheckoutFlows'),
          [
            {
              element: <RequireHold />,
              children: [
                leaf(
                  CHECKOUT_PATHS.reservations,
                  () => import('@/features/checkout/review/ReservationsPage'),
                ),
                leaf(CHECKOUT_PATHS.extras, () => import('@/features/checkout/extras/ExtrasPage')),
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
              element: <RequireOrder />,
              children: [
                leaf(
                  CHECKOUT_PATHS.confirmation,
                  () => import('@/features/checkout/confirmation/ConfirmationPage'),
                  orderVenueTarget,
                ),
              ],
            },
            // The bank sends the browser back here even when the hold ran out meanwhile (the
            // late payment may still be honoured), so it needs the stored payment, not a hold.
            leaf(CHECKOUT_PATHS.verify, () => import('@/features/payment/VerifyPage')),
            leaf(CHECKOUT_PATHS.failed, () => import('@/features/payment/PaymentFailedPage')),
          ],
        ),
        // Member pages take `?venue=` as the confirmation does: whose offers, words and frame.
        group(
          () => import('@/features/membership/MemberFlows'),
          [
            leaf(
              CATALOGUE_PATHS.membership,
              () => import('@/features/membership/MembershipPage'),
              orderVenueTarget,
            ),
            leaf(
              CATALOGUE_PATHS.membershipVerify,
              () => import('@/features/membership/MembershipVerifyPage'),
              orderVenueTarget,
            ),
            leaf(
              CATALOGUE_PATHS.subscriptions,
              () => import('@/features/membership/SubscriptionsPage'),
              orderVenueTarget,
            ),
            leaf(
              ACCOUNT_PATHS.account,
              () => import('@/features/account/AccountPage'),
              orderVenueTarget,
            ),
            leaf(
              ACCOUNT_PATHS.profile,
              () => import('@/features/account/ProfilePage'),
              orderVenueTarget,
            ),
            leaf(
              ACCOUNT_PATHS.orders,
              () => import('@/features/account/OrdersPage'),
              orderVenueTarget,
            ),
            leaf(
              ACCOUNT_PATHS.order,
              () => import('@/features/account/AccountOrderPage'),
              orderVenueTarget,
            ),
          ],
        ),
        // The activation link carries `?venue=` too, so the page wears the order's venue.
        leaf(
          ACCOUNT_PATHS.verify,
          () => import('@/features/auth/ActivateAccountPage'),
          orderVenueTarget,
        ),
        // Sign-in and its pages (issue 14): `?venue=` frames each as the venue it acts for.
        leaf(ACCOUNT_PATHS.signIn, () => import('@/features/auth/SignInPage'), orderVenueTarget),
        leaf(ACCOUNT_PATHS.signUp, () => import('@/features/auth/SignUpPage'), orderVenueTarget),
        leaf(
          ACCOUNT_PATHS.resetPassword,
          () => import('@/features/auth/ResetPasswordPage'),
          orderVenueTarget,
        ),
        // Issue 25: a guest's lost confirmation email, sent again; framed as `?venue=` names.
        leaf(
          FIND_TICKETS_PATH,
          () => import('@/features/findTickets/FindTicketsPage'),
          orderVenueTarget,
        ),
        leaf(
          ACCOUNT_PATHS.resetPasswordComplete,
          () => import('@/features/auth/ResetPasswordCompletePage'),
          orderVenueTarget,
        ),
        leaf(
          ACCOUNT_PATHS.confirmEmail,
          () => import('@/features/auth/ConfirmEmailPage'),
          orderVenueTarget,
        ),
        leaf(
          ACCOUNT_PATHS.security,
          () => import('@/features/auth/SecurityPage'),
          orderVenueTarget,
        ),
        { path: '*', handle: { target: notFound } satisfies RouteHandle },
      ],
    },
  ];
}

/**
 * Starts what the page at `location` will wait for (its chunks, its venue's text, theme and logo)
 * before React has rendered anything (start.tsx): asked for during the first render, they went
 * out only once that render's task had finished, which on a phone's CPU is the longest task of
 * the load (What's on's own chunk waited ~0.5 s for it under Lighthouse's 4x slowdown). Settles
 * once all are here or have failed, so the first render, given these `routes`, draws the page
 * at once instead of suspending (lazyPage); a failure is left for the page's error boundary.
 */
export function startRouteLoads(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  const chunks = startChunks(matches);
  // Resolving the address starts the venue's frame (pageTarget's preloadFrame).
  resolveMatches(matches, location);
  return Promise.all([chunks, framesLoaded()]).then(() => undefined);
}

/**
 * The shop's routes at the current address (React Router's declarative mode; src/app/history
 * keeps the leave guard). The address is resolved once here, so the frame and the page agree on
 * the venue; the top boundary is the last line of defence for a failure in the frame itself, and
 * the top Suspense shows nothing until the first page's chunk is there (an empty frame is steadier
 * than a flash), while later moves keep the previous page until the next one is ready.
 */
export function AppRoutes({ mode, routeEnv }: { mode: RoutingMode; routeEnv: RouteEnv }) {
  const routes = useMemo(() => routeTable(mode, routeEnv), [mode, routeEnv]);
  return <RoutesOf routes={routes} mode={mode} routeEnv={routeEnv} />;
}

/** AppRoutes for a given table (tests put one component in place of the pages). */
export function RoutesOf({
  routes,
  mode,
  routeEnv,
}: {
  routes: RouteObject[];
  mode: RoutingMode;
  routeEnv: RouteEnv;
}) {
  const handle = useMemo<RootHandle>(
    () => ({ paths: pathsFor(mode, routeEnv), routeEnv }),
    [mode, routeEnv],
  );
  const location = useLocation();
  const resolution = useMemo(() => resolveRoute(routes, location), [routes, location]);
  const element = useRoutes(routes);
  return (
    <RootHandleContext.Provider value={handle}>
      <RouteErrorBoundary resetKey={location.key} fallback={RootErrorPage}>
        <RouteResolutionContext.Provider value={resolution}>
          <Suspense fallback={null}>{element}</Suspense>
        </RouteResolutionContext.Provider>
      </RouteErrorBoundary>
    </RootHandleContext.Provider>
  );
}
