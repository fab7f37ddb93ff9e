import { useState } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isId } from '@contract/patterns';
import { isHoldLive, selectReservation } from '@/features/hold/reservationSlice';
import { NotFoundPage } from '@/components/errors/errorPages';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useAppSelector } from './hooks';
import { usePaths } from '../config/usePaths';

/**
 * Checkout steps act on held seats; without a live hold there is nothing to check out, so the
 * buyer goes back to where they can choose again: the venue's home (its page or the directory).
 * The check is made on arrival. Once admitted, a hold that ends here is the flow's business: the
 * expiry dialog asks where to go, and a release the buyer chose navigates on by itself.
 */
export function RequireHold() {
  const reservation = useAppSelector(selectReservation);
  const paths = usePaths();
  const [arrivedAt] = useState(Date.now);
  const [admitted, setAdmitted] = useState(false);
  // After a reload the tab's hold is being looked up again; wait rather than send the buyer away.
  if (reservation.status === 'restoring') return <LoadingBlock minHeight="24rem" />;
  const live = isHoldLive(reservation, arrivedAt);
  if (live && !admitted) setAdmitted(true);
  if (!live && !admitted) {
    const home =
      reservation.venueSlug === undefined ? paths.home : paths.venuePath(reservation.venueSlug);
    return <Navigate to={home} replace />;
  }
  return <Outlet />;
}

/** The confirmation exists only for an order: one just paid for, or one named by `?order=<id>`. */
export function RequireOrder() {
  const orderId = useAppSelector(selectReservation).orderId;
  const [params] = useSearchParams();
  if (orderId === undefined && !isId(params.get('order') ?? undefined)) return <NotFoundPage />;
  return <Outlet />;
}
