import { useState } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { isId } from '@contract/patterns';
import { isHoldLive, selectReservation } from '@/features/reservation/reservationSlice';
import { NotFoundPage } from '@/features/errors/errorPages';
import { useAppSelector } from './hooks';
import { usePaths } from './usePaths';

/**
 * Checkout steps act on held seats; without a live hold there is nothing to check out, so the
 * buyer goes back to where they can choose again: the venue's home (its page or the directory).
 */
export function RequireHold() {
  const reservation = useAppSelector(selectReservation);
  const paths = usePaths();
  const [now] = useState(Date.now);
  if (!isHoldLive(reservation, now)) {
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
