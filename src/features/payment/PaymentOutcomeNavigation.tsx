import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppSelector, useAppStore } from '@/app/hooks';
import { confirmationPath } from '@/features/checkout/confirmation/orderLink';
import { selectReservation } from '@/features/hold/reservationSlice';
import { failurePath } from './paymentOutcomePath';
import { selectPayment } from './paymentSlice';

/**
 * Where an answer that ends the hold takes the buyer, from whichever page the app is on: an order
 * to its confirmation, seats lost to a late payment to the released-seats page. A reload can get
 * that answer before any payment page shows (the restore asks again about a lost pay answer), so
 * this sits at the app's root, loaded with the payment slice. Declines and time-outs are told by
 * the page that asked (the payment step, /checkout/verify).
 */
export default function PaymentOutcomeNavigation() {
  const navigate = useNavigate();
  const store = useAppStore();
  const { status, orderId, problem } = useAppSelector(selectPayment);
  const outcome =
    status === 'succeeded' && orderId !== null
      ? orderId
      : status === 'failed' && problem === 'holdLost'
        ? 'holdLost'
        : null;
  // Each outcome once: the buyer may leave the confirmation while the store still says "paid".
  // This mounts when the slice loads, so whatever it finds then is this app's, still unseen.
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (outcome === seen.current) return;
    seen.current = outcome;
    if (outcome === null) return;
    // The venue as the order left it (orderConfirmed keeps it), read now: a later hold elsewhere
    // must not count as a new outcome.
    const { venueSlug } = selectReservation(store.getState());
    const to =
      outcome === 'holdLost'
        ? failurePath('holdLost')
        : confirmationPath(outcome, undefined, venueSlug);
    void navigate(to, { replace: true });
  }, [navigate, outcome, store]);

  return null;
}
