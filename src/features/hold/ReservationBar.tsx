import { lazy, Suspense } from 'react';
import { useAppSelector } from '@/app/hooks';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { withWholeSource } from '@/i18n/sourceCatalogue';
import { selectReservation } from './reservationSlice';
import { useLeaveGuard } from './useLeaveGuard';

// A chunk that fails to load is thrown to the root error page, which offers a reload; the
// reload finds the hold again. Hiding the failure would leave a held tab without its countdown.
const HoldBar = lazy(lazyWithTimeout(withWholeSource(() => import('./HoldBar'))));

/**
 * The hold's countdown and dialogs on every page, loaded once there is a hold: from the reserve
 * on the seats page, or a reload that is restoring one. The first page a buyer opens has none
 * and does not download them. The leave guard itself is here from the start.
 */
export function ReservationBar() {
  const { status } = useAppSelector(selectReservation);
  const leaveBlocker = useLeaveGuard();
  if (status === 'none' && leaveBlocker.state === 'unblocked') return null;
  return (
    <Suspense fallback={null}>
      <HoldBar leaveBlocker={leaveBlocker} />
    </Suspense>
  );
}
