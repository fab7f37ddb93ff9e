import { useAppSelector } from '@/app/hooks';
import { useRootHandle } from '@/config/usePaths';
import { useRouteTarget } from '@/config/useRouteTarget';
import { getVenue, resolveVenue, type VenueConfig } from '@/config/venues';
import { selectReservation } from '@/features/hold/reservationSlice';

/**
 * The venue an account page acts for, as its frame shows it: the link's `?venue=`, else the held
 * performance's, else the house venue. Sign-in names it (its loginDisabled) and emails wear it.
 */
export function useAuthVenue(): VenueConfig {
  const target = useRouteTarget();
  const { venueSlug } = useAppSelector(selectReservation);
  const { routeEnv } = useRootHandle();
  const slug = target?.venueSlug ?? venueSlug;
  return (
    (slug === undefined ? undefined : getVenue(slug)) ?? resolveVenue(undefined, routeEnv.venueSlug)
  );
}
