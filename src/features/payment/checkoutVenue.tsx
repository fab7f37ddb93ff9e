import { resolveVenue } from '@/config/venues';
import { useAppSelector } from '@/app/hooks';
import { useRootHandle } from '@/config/usePaths';
import { useRouteTarget } from '@/config/useRouteTarget';
import { telHref } from '@/components/layout/legalLinks';
import type { VenueConfig } from '@/config/venues';
import { selectReservation } from '@/features/hold/reservationSlice';

/**
 * The venue the page is framed in (the same rule as RootLayout: the route's venue, else the held
 * performance's, else the house venue), for its support line and settings.
 */
export function useFrameVenue(): VenueConfig {
  const target = useRouteTarget();
  const { venueSlug } = useAppSelector(selectReservation);
  const { routeEnv } = useRootHandle();
  return resolveVenue(target?.venueSlug ?? venueSlug, routeEnv.venueSlug);
}

/** The venue's support number as a link a phone can dial (spec §8: "a support phone line"). */
export function SupportPhone({ venue }: { venue: VenueConfig }) {
  const { supportPhone, region } = venue.settings;
  return <a href={telHref(supportPhone, region)}>{supportPhone}</a>;
}
