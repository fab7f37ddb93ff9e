import { FormattedMessage } from 'react-intl';
import { matchPath, type Blocker, type Location } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/app/usePaths';
import { PrimaryButton, SecondaryButton } from '@/components/Button';
import { Dialog } from '@/components/Dialog';
import { ROUTE_PATTERNS, type Paths } from '@/config/routes';
import { releaseRequested, selectReservation } from './reservationSlice';

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
 * Spec §4 "Leaving", the question the leave guard (useLeaveGuard) holds a navigation for:
 * "Empty your cart?" when the buyer heads for another date, otherwise "Release your tickets?".
 * Agreeing releases the hold on the server; declining stays put.
 */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const dispatch = useAppDispatch();
  const paths = usePaths();
  const { performanceId } = useAppSelector(selectReservation);
  if (blocker.state !== 'blocked') return null;
  const emptyCart = leavesPerformanceDate(paths, blocker.location, performanceId?.toUpperCase());
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
