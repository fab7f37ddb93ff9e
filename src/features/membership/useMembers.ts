import { useEffect } from 'react';
import type { MembershipScheme } from '@contract/api/members';
import { useAppDispatch, useAppSelector, useSagas } from '@/app/hooks';
import { useRootHandle } from '@/config/usePaths';
import { useRouteTarget } from '@/config/useRouteTarget';
import { resolveVenue, type VenueConfig } from '@/config/venues';
import { selectAuthKnown, selectSignedIn } from '@/features/auth/authSlice';
import { watchMembership } from './membershipSaga';
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

/**
 * Who is asking, from the sign-in (auth slice) and, for a member, their memberships, read once
 * per sign-in. `signedIn` is null until the sign-in is known.
 */
export function useMemberships({ read = true }: { read?: boolean } = {}) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectMemberships);
  const known = useAppSelector(selectAuthKnown);
  const account = useAppSelector(selectSignedIn);
  const signedIn = known ? account : null;
  useEffect(() => {
    if (read && signedIn === true && state.status === 'idle') dispatch(membershipsRequested());
  }, [dispatch, read, signedIn, state.status]);
  return { ...state, signedIn };
}

const MEMBERSHIP_SAGAS = [watchMembership];

/**
 * useMemberships for a page outside the member pages (the tickets page's shouldCallEligibleExp):
 * starts the memberships read's own flow first, as those pages' frame does.
 */
export function useMembershipsOutsideMemberPages(options: { read: boolean }) {
  useSagas(MEMBERSHIP_SAGAS);
  return useMemberships(options);
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

/**
 * The scheme whose membership spares this buyer the transaction fee now (ATG+ and Access: the
 * scheme's own rule, as the basket prices it), or null for a guest, a buyer without one, and
 * while who is asking is still being read: the fee is then named as it may be charged.
 */
export function useFeeWaiver(): MembershipScheme | null {
  const memberships = useMembershipsOutsideMemberPages({ read: true });
  if (memberships.signedIn !== true || memberships.status !== 'succeeded') return null;
  const waiving = memberships.data?.find(
    (membership) => membership.benefitsActive && membership.waivesTransactionFee,
  );
  return waiving?.scheme ?? null;
}
