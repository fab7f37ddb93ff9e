import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useRootHandle } from '@/config/usePaths';
import { useRouteTarget } from '@/config/useRouteTarget';
import { resolveVenue, type VenueConfig } from '@/config/venues';
import {
  membershipsRequested,
  offersRequested,
  offersKey,
  selectMemberships,
  selectOffers,
} from './membershipSlice';

/** The venue whose offers and words a member page shows: `?venue=`, else the house venue. */
export function useMemberVenue(): VenueConfig {
  const target = useRouteTarget();
  const { routeEnv } = useRootHandle();
  return resolveVenue(target?.venueSlug, routeEnv.venueSlug);
}

/** The buyer's memberships, read once per sign-in (a guest's read answers "nobody"). */
export function useMemberships() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectMemberships);
  useEffect(() => {
    if (state.status === 'idle') dispatch(membershipsRequested());
  }, [dispatch, state.status]);
  return state;
}

/**
 * The venue's offers. With the venue flag shouldCallEligibleExp and someone signed in, the
 * service is asked which of them this buyer may join; a guest's list is the same for everyone.
 * Waits for the memberships read, which is what says whether anyone is signed in.
 */
export function useOffers(venue: VenueConfig, signedIn: boolean | null) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectOffers);
  const eligibility = venue.settings.flags.shouldCallEligibleExp && signedIn === true;
  const target = { venueSlug: venue.settings.slug, eligibility };
  const key = offersKey(target);
  const stale = state.key !== key || state.status === 'idle';
  useEffect(() => {
    if (signedIn !== null && stale)
      dispatch(offersRequested({ venueSlug: target.venueSlug, eligibility }));
  }, [dispatch, signedIn, stale, target.venueSlug, eligibility]);
  return { ...state, current: state.key === key, eligibility };
}
