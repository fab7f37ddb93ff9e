import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { selectPaymentLoaded } from '@/features/paymentStatus/paymentInFlight';
import { selectReservation } from '@/features/hold/reservationSlice';
import { RouteErrorPage } from '@/components/errors/RouteErrorPage';
import { ReservationBar } from '@/features/hold/ReservationBar';
import { Frame } from './Frame';
import { useAppSelector } from './hooks';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { useRootHandle } from '../config/usePaths';
import { useRouteResolution, useRouteTarget } from '../config/useRouteTarget';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/** The venue of the page: its route's target, else (checkout) the reserved performance's venue. */
function useFrameVenueSlug(): string | undefined {
  const target = useRouteTarget();
  const reservation = useAppSelector(selectReservation);
  return target?.venueSlug ?? reservation.venueSlug;
}

const PaymentOutcomeNavigation = lazy(
  lazyWithTimeout(withWholeSource(() => import('@/features/payment/PaymentOutcomeNavigation'))),
);

/**
 * Takes the buyer to the confirmation (or the released-seats page) whichever page answered the
 * payment, a reload's restore included; it loads only once the payment slice has.
 */
function PaymentOutcome() {
  const loaded = useAppSelector(selectPaymentLoaded);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PaymentOutcomeNavigation />
    </Suspense>
  );
}

/** The matched page, or the error page when the address names nothing the shop knows. */
function Page() {
  const resolution = useRouteResolution();
  return resolution.failed ? <RouteErrorPage error={resolution.error} /> : <Outlet />;
}

export function RootLayout() {
  const { paths, routeEnv } = useRootHandle();
  const venueSlug = useFrameVenueSlug();
  const { key } = useLocation();
  return (
    <Frame venueSlug={venueSlug} houseSlug={routeEnv.venueSlug} homePath={paths.home}>
      <ReservationBar />
      {/* A failing page stays inside the frame: header, footer and the way home keep working. */}
      <RouteErrorBoundary resetKey={key} fallback={RouteErrorPage}>
        <Page />
      </RouteErrorBoundary>
      {/* After the page: its guard's own redirect, in the same render, must not win. */}
      <PaymentOutcome />
    </Frame>
  );
}

/** Last line of defence: even a failure in the frame itself leaves a page with a way home. */
export function RootErrorPage({ error }: { error: unknown }) {
  const { paths, routeEnv } = useRootHandle();
  return (
    <Frame venueSlug={undefined} houseSlug={routeEnv.venueSlug} homePath={paths.home}>
      <RouteErrorPage error={error} />
    </Frame>
  );
}
