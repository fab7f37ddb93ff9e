import { Outlet } from 'react-router';
import { selectReservation } from '@/features/reservation/reservationSlice';
import { RouteErrorPage } from '@/features/errors/RouteErrorPage';
import { ReservationBar } from '@/features/reservation/ReservationBar';
import { Frame } from './Frame';
import { useAppSelector } from './hooks';
import { useRootHandle } from './usePaths';
import { useRouteTarget } from './useRouteTarget';

/** The venue of the page: its route's target, else (checkout) the reserved performance's venue. */
function useFrameVenueSlug(): string | undefined {
  const target = useRouteTarget();
  const reservation = useAppSelector(selectReservation);
  return target?.venueSlug ?? reservation.venueSlug;
}

export function RootLayout() {
  const { paths, routeEnv } = useRootHandle();
  const venueSlug = useFrameVenueSlug();
  return (
    <Frame venueSlug={venueSlug} houseSlug={routeEnv.venueSlug} homePath={paths.home}>
      <ReservationBar />
      <Outlet />
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
