import type { Blocker } from '@/app/history/types';
import { ExpiryDialog } from './ExpiryDialog';
import { HoldTimer } from './HoldTimer';
import { LeaveDialog } from './LeaveDialog';

/** Everything the hold shows on every page while it lasts: countdown, expiry, leaving. */
export default function HoldBar({ leaveBlocker }: { leaveBlocker: Blocker }) {
  return (
    <>
      <HoldTimer />
      <ExpiryDialog />
      <LeaveDialog blocker={leaveBlocker} />
    </>
  );
}
