import { matchPath, type Location } from 'react-router';
import type { Blocker } from '@/app/history/types';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { ROUTE_PATTERNS } from '@contract/routes';
import type { Paths } from '@/config/paths';
import { ReleaseQuestion } from './ReleaseQuestion';
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
  return (
    <ReleaseQuestion
      kind={emptyCart ? 'emptyCart' : 'release'}
      onKeep={() => blocker.reset()}
      onRelease={() => {
        dispatch(releaseRequested({ reason: 'leave' }));
        blocker.proceed();
      }}
    />
  );
}
