import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { matchPath, useBlocker, type Location } from 'react-router';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { RootState } from '@/app/store';
import { usePaths } from '@/app/usePaths';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { ROUTE_PATTERNS, type Paths } from '@/config/routes';
import { releaseRequested, selectReservation } from './reservationSlice';

const isCheckout = (location: Location) => location.pathname.startsWith('/checkout/');

/**
 * Choosing another date (the calendar, or another performance's seats) empties the basket; going
 * back to this performance's seats only lets these tickets go.
 */
function leavesPerformanceDate(paths: Paths, next: Location, performanceId?: string): boolean {
  const patterns = ROUTE_PATTERNS[paths.mode];
  if (patterns.calendar !== undefined && matchPath(patterns.calendar, next.pathname)) return true;
  const tickets =
    patterns.tickets === undefined ? null : matchPath(patterns.tickets, next.pathname);
  return tickets !== null && tickets.params.performanceId?.toUpperCase() !== performanceId;
}

/**
 * Spec §4 "Leaving": with seats held, going anywhere outside checkout first asks whether to let
 * them go — "Empty your cart?" when the buyer heads for another date, otherwise "Release your
 * tickets?". Agreeing releases the hold on the server; declining stays put. Closing or reloading
 * the tab gets the browser's own prompt; a reload finds the hold again (holdStorage).
 */
export function LeaveGuard() {
  const dispatch = useAppDispatch();
  const paths = usePaths();
  const store = useStore<RootState>();
  const reservation = useAppSelector(selectReservation);
  const live = reservation.status === 'held' || reservation.status === 'holding';
  // Read at navigation time, not render time: a page that has just asked for the release (or
  // whose hold just expired) navigates on in the same tick, before React renders again.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const { status, pending } = store.getState().reservation;
    return (
      // A reserve still on its way counts: it would otherwise land after the buyer has left.
      (status === 'held' || status === 'holding') &&
      pending !== 'release' &&
      !isCheckout(nextLocation) &&
      currentLocation.pathname !== nextLocation.pathname
    );
  });

  useEffect(() => {
    if (!live) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [live]);

  if (blocker.state !== 'blocked') return null;
  const emptyCart = leavesPerformanceDate(
    paths,
    blocker.location,
    reservation.performanceId?.toUpperCase(),
  );
  const stay = () => blocker.reset();
  return (
    <Dialog
      open
      role="alertdialog"
      onDismiss={stay}
      title={<FormattedMessage id={emptyCart ? 'basket.empty.title' : 'reservation.leave.title'} />}
      actions={
        <>
          <SecondaryButton type="button" onClick={stay}>
            <FormattedMessage id={emptyCart ? 'basket.empty.cancel' : 'reservation.leave.cancel'} />
          </SecondaryButton>
          <PrimaryButton
            type="button"
            onClick={() => {
              dispatch(releaseRequested({ reason: 'leave' }));
              blocker.proceed();
            }}
          >
            <FormattedMessage
              id={emptyCart ? 'basket.empty.confirm' : 'reservation.leave.confirm'}
            />
          </PrimaryButton>
        </>
      }
    >
      <p>
        <FormattedMessage id={emptyCart ? 'basket.empty.body' : 'reservation.leave.body'} />
      </p>
    </Dialog>
  );
}
