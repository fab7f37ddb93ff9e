import { useCallback, useMemo } from 'react';
import type { CheckoutDetails, CheckoutOptions } from '@contract/api/checkout';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { getVenue, type VenueConfig } from '@/config/venues';
import type { LoadErrorCode } from '@/api/errors';
import { useLoadIfStale } from '@/lib/loadIfStale';
import type { LoadStatus } from '@/lib/loadState';
import { selectReservation } from '@/features/hold/reservationSlice';
import { loadRequested, selectDetails, type DetailsTarget } from './detailsSlice';

export type CheckoutDetailsView = {
  target: DetailsTarget | null;
  venue: VenueConfig | undefined;
  status: LoadStatus;
  error: LoadErrorCode | null;
  details: CheckoutDetails | null;
  options: CheckoutOptions | null;
  retry: () => void;
};

/**
 * The live hold's stored details and options, read once per hold: a reload reads them again
 * from the server, moving between the steps keeps what the last save answered.
 */
export function useCheckoutDetails(): CheckoutDetailsView {
  const dispatch = useAppDispatch();
  const { region, hold, venueSlug } = useAppSelector(selectReservation);
  const state = useAppSelector(selectDetails);
  const holdId = hold?.id;
  const target = useMemo(
    () => (region !== undefined && holdId !== undefined ? { region, holdId } : null),
    [region, holdId],
  );
  const current = target !== null && state.key === target.holdId;

  useLoadIfStale(target, current, state.status, loadRequested);

  const retry = useCallback(() => {
    if (target !== null) dispatch(loadRequested(target));
  }, [dispatch, target]);

  return {
    target,
    venue: venueSlug === undefined ? undefined : getVenue(venueSlug),
    status: current ? state.status : 'idle',
    error: current ? state.error : null,
    details: current ? (state.data?.details ?? null) : null,
    options: current ? (state.data?.options ?? null) : null,
    retry,
  };
}
