import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { selectPaymentLoaded } from '@/features/checkout/payment/paymentInFlight';
import { selectReservation } from '@/features/hold/reservationSlice';
import { RouteErrorPage } from '@/components/errors/RouteErrorPage';
import { ReservationBar } from '@/features/hold/ReservationBar';
import { Frame } from './Frame';
import { useAppSelector } from './hooks';
import { lazyWithTimeout } from '../lib/lazyWithTimeout';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { useRootHandle } from '../config/usePaths';
import { useRouteTarget } from '../config/useRouteTarget';

/** The venue of the page: its route's target, else (checkout) the reserved performance's venue. */
function useFrameVenueSlug(): string | undefined {
  const target = useRouteTarget();
  const reservation = useAppSelector(selectReservation);
  return target?.venueSlug ?? reservation.venueSlug;
}

const PaymentOutcomeNavigation = lazy(
  lazyWithTimeout(
    withWholeSource(() => import('@/features/checkout/payment/PaymentOutcomeNavigation')),
  ),
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

export function RootLayout() {
  const { paths, routeEnv } = useRootHandle();
  const venueSlug = useFrameVenueSlug();
  return (
    <Frame venueSlug={venueSlug} houseSlug={routeEnv.venueSlug} homePath={paths.home}>
      <ReservationBar />
      <Outlet />
      {/* After the page: its guard's own redirect, in the same render, must not win. */}
      <PaymentOutcome />
    </Frame>
  );
}

/** Last line of defence: even a failure in the frame itself leaves a page with a way home. */
export function RootErrorBoundary() {
  const { paths, routeEnv } = useRootHandle();
  return (
    <Frame venueSlug={undefined} houseSlug={routeEnv.venueSlug} homePath={paths.home}>
      <RouteErrorPage />
    </Frame>
  );
}
