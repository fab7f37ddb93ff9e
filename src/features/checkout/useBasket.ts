import { useCallback, useMemo } from 'react';
import type { Basket, PutBasketBody } from '@contract/api/basket';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLoadIfStale } from '@/lib/loadIfStale';
import { selectReservation } from '@/features/hold/reservationSlice';
import {
  loadRequested,
  selectBasketState,
  updateRequested,
  updateRetried,
  type BasketError,
  type BasketState,
  type BasketTarget,
} from './basketSlice';
import { readReviewedVersion } from './reviewedVersionStorage';

export interface UseBasket {
  /** The live hold's basket as the server priced it; null until it has been read. */
  basket: Basket | null;
  status: BasketState['status'];
  error: BasketError | null;
  /** Reads the basket again, or resends the change that failed (under the same key). */
  retry: () => void;
  /** Sends one change of the buyer's (extras, protection); the basket updates when answered. */
  save: (body: PutBasketBody) => void;
  saving: boolean;
  saveError: BasketError | null;
  /** The version the buyer has seen: what the pay request sends as `basketVersion`. */
  reviewedVersion: string | null;
  /** A price or fee moved since the buyer last reviewed the basket. */
  priceChanged: boolean;
}

/** The region and hold id the basket belongs to, while there is a hold. */
export function useBasketTarget(): BasketTarget | null {
  const { region, hold } = useAppSelector(selectReservation);
  const holdId = hold?.id;
  return useMemo(
    () => (region !== undefined && holdId !== undefined ? { region, holdId } : null),
    [region, holdId],
  );
}

/** Asks for a fresh read of the basket (a step opened, or the buyer pressed "Try again"). */
export function requestBasket(target: BasketTarget) {
  return loadRequested({ ...target, reviewedVersion: readReviewedVersion(target.holdId) });
}

/**
 * The basket of the live hold, read when first needed. Every checkout step uses it through
 * CheckoutStepFrame; a step that needs the basket itself calls it too (one read serves both).
 */
export function useBasket(): UseBasket {
  const dispatch = useAppDispatch();
  const target = useBasketTarget();
  const state = useAppSelector(selectBasketState);
  const current = target !== null && state.holdId === target.holdId;

  useLoadIfStale(target, current, state.status, requestBasket);

  const retry = useCallback(() => {
    if (target === null) return;
    if (state.update.status === 'failed') dispatch(updateRetried(target));
    else dispatch(requestBasket(target));
  }, [dispatch, target, state.update.status]);

  const save = useCallback(
    (body: PutBasketBody) => {
      if (target !== null) dispatch(updateRequested({ ...target, body }));
    },
    [dispatch, target],
  );

  return {
    basket: current ? state.basket : null,
    status: current ? state.status : 'idle',
    error: current ? state.error : null,
    retry,
    save,
    saving: current && state.update.status === 'saving',
    saveError: current ? state.updateError : null,
    reviewedVersion: current ? state.reviewedVersion : null,
    priceChanged: current && state.priceChanged,
  };
}
