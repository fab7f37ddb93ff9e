import { useCallback, useEffect, useMemo, useRef } from 'react';
import { CARD_BRANDS } from '@contract/cards';
import type { Money } from '@contract/api/common';
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/hooks';
import type { CardValues } from '@/components/form/validation/cardSchema';
import { validationContextFor } from '@/components/form/validation/validationContext';
import type { VenueConfig } from '@/config/venues';
import { CardForm } from '@/features/payment/CardForm';
import { tokenise } from '@/features/payment/cardTokenisation';
import { PaymentProgress } from '@/features/payment/PaymentProgress';
import {
  purchaseAborted,
  purchaseFailed,
  purchaseRequested,
  purchaseRetried,
  purchaseStarted,
  selectPurchase,
} from '../membershipSlice';
import { readPurchaseAttempt } from '../purchaseStorage';
import { PurchaseOutcome } from './PurchaseOutcome';

type Props = {
  price: Money;
  venue: VenueConfig;
  /** Where the buyer came from (a members' presale): offered once they have joined. */
  returnTo: string | null;
};

/**
 * Joining ATG+ by card: the checkout's own card form, 3-D Secure and payment-wait messages, with
 * the purchase's own request (purchaseSaga). The card goes from the form straight to the payment
 * service; only its token reaches the store.
 */
export default function AtgPlusCheckout({ price, venue, returnTo }: Props) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const purchase = useAppSelector(selectPurchase);
  const context = useMemo(() => validationContextFor(venue), [venue]);
  const inFlight = useRef(false);
  const busy =
    purchase.status === 'paying' ||
    purchase.status === 'redirecting' ||
    purchase.status === 'succeeded';

  // An attempt that never had its answer (the tab reloaded while paying) is offered again.
  useEffect(() => {
    const attempt = readPurchaseAttempt();
    if (attempt !== null && attempt.paymentId === undefined)
      dispatch(purchaseAborted({ pending: true }));
  }, [dispatch]);

  const pay = useCallback(
    async (values: CardValues) => {
      const { status } = selectPurchase(store.getState());
      if (inFlight.current || status === 'paying' || status === 'redirecting') return;
      inFlight.current = true;
      try {
        dispatch(purchaseStarted());
        const outcome = await tokenise(values);
        if (outcome.kind === 'token')
          dispatch(
            purchaseRequested({
              venue: venue.settings.slug,
              cardToken: outcome.token.token,
              returnTo,
            }),
          );
        else if (outcome.kind === 'refused')
          dispatch(purchaseFailed({ problem: 'card', cardProblems: outcome.problems }));
        else if (outcome.kind === 'unreachable') dispatch(purchaseFailed({ problem: 'noOptions' }));
        else dispatch(purchaseAborted({ pending: false }));
      } finally {
        inFlight.current = false;
      }
    },
    [dispatch, store, venue.settings.slug, returnTo],
  );

  if (purchase.status === 'succeeded') return <PurchaseOutcome venue={venue} />;

  const retry =
    purchase.status === 'aborted'
      ? { pending: purchase.retryPending, onRetryPending: () => dispatch(purchaseRetried()) }
      : null;
  return (
    <>
      <PurchaseOutcome venue={venue} />
      <CardForm
        context={context}
        acceptedBrands={CARD_BRANDS}
        amount={price}
        expired={false}
        busy={busy}
        cardProblems={purchase.status === 'failed' ? purchase.cardProblems : {}}
        retry={retry}
        progress={<PaymentProgress active={busy} />}
        onPay={pay}
      />
    </>
  );
}
