import { ExpiryDialog } from './ExpiryDialog';
import { HoldTimer } from './HoldTimer';
import { LeaveGuard } from './LeaveGuard';

/** Everything the hold needs on every page while it lasts: countdown, expiry, leaving. */
export function ReservationBar() {
  return (
    <>
      <HoldTimer />
      <ExpiryDialog />
      <LeaveGuard />
    </>
  );
}
