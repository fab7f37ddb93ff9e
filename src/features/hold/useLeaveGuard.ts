import { useEffect } from 'react';
import type { Location } from 'react-router';
import { useBlocker } from '@/app/history/useBlocker';
import type { Blocker } from '@/app/history/types';
import { useAppSelector, useAppStore } from '@/app/hooks';
import { selectPaymentRedirecting } from '@/features/paymentStatus/paymentInFlight';
import { selectReservation } from './reservationSlice';

const isCheckout = (location: Location) => location.pathname.startsWith('/checkout/');

/**
 * Spec §4 "Leaving": with seats held (or a hold on its way), going anywhere outside checkout is
 * held back until the buyer answers LeaveDialog; closing or reloading the tab gets the browser's
 * own prompt (a reload finds the hold again: holdStorage). This part is in the first route, so it
 * guards from the moment a hold is asked for, before the dialog's chunk has arrived.
 */
export function useLeaveGuard(): Blocker {
  const store = useAppStore();
  const { status } = useAppSelector(selectReservation);
  const live = status === 'held' || status === 'holding';
  // Read at navigation time, not render time: a page that has just asked for the release (or
  // whose hold just expired) navigates on in the same tick, before React renders again.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const { status: now, pending } = store.getState().reservation;
    return (
      // A reserve still on its way counts: it would otherwise land after the buyer has left.
      (now === 'held' || now === 'holding') &&
      pending !== 'release' &&
      !isCheckout(nextLocation) &&
      currentLocation.pathname !== nextLocation.pathname
    );
  });

  useEffect(() => {
    if (!live) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (selectPaymentRedirecting(store.getState())) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [live, store]);

  return blocker;
}
