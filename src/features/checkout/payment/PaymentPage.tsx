import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/hooks';
import { LoadingBlock } from '@/components/LoadingBlock';
import { CheckoutStepFrame } from '@/features/checkout/CheckoutStepFrame';
import { useBasket } from '@/features/checkout/useBasket';
import type { CardValues } from '@/components/form/validation/cardSchema';
import { validationContextFor } from '@/components/form/validation/validationContext';
import { selectReservation } from '@/features/hold/reservationSlice';
import { CardForm, PayButton } from './CardForm';
import { recallCardName, rememberCardName } from './cardNameStorage';
import { tokenise } from './cardTokenisation';
import { isRetryAfterDecline } from './retryAfterDecline';
import { useFrameVenue } from './checkoutVenue';
import { PaymentProblemNotice, RetryAlert } from './PaymentNotices';
import { PaymentProgress } from './PaymentProgress';
import { readPayAttempt } from './payAttemptStorage';
import { selectPaymentInFlight } from './paymentInFlight';
import { usePaymentMethods } from './methods/usePaymentMethods';
import { VoucherPanel } from './methods/VoucherPanel';
import {
  paymentAborted,
  paymentFailed,
  paymentReset,
  paymentStarted,
  payRequested,
  payRetried,
  selectPayment,
  type PayTarget,
} from './paymentSlice';

/**
 * The payment step (/checkout/payment): the card form and "Pay {amount}", or for a basket that
 * costs nothing "No payment is needed for this order" and a confirm button. While paying, the
 * status region says what is happening; a lost answer brings the retry alert; a decline or a
 * time-out is told here, with focus on it, so another card can be tried on the same hold.
 */
export default function PaymentPage() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const venue = useFrameVenue();
  const context = useMemo(() => validationContextFor(venue), [venue]);
  const reservation = useAppSelector(selectReservation);
  const payment = useAppSelector(selectPayment);
  const { basket, reviewedVersion, priceChanged } = useBasket();
  const holdId = reservation.hold?.id;
  const region = reservation.region;
  const basketVersion = basket === null ? null : (reviewedVersion ?? basket.version);
  const target: PayTarget | null = useMemo(
    () =>
      holdId !== undefined && region !== undefined && basketVersion !== null
        ? { region, holdId, basketVersion }
        : null,
    [holdId, region, basketVersion],
  );
  const location = useLocation();
  const retryAfterDecline = isRetryAfterDecline(location.state);
  // Read when the hold is known (a reload restores it after the first render).
  const keptCardName = useMemo(
    () => (holdId === undefined ? undefined : recallCardName(holdId)),
    [holdId],
  );
  const paying = useAppSelector(selectPaymentInFlight);
  const busy = paying || payment.status === 'succeeded';
  const expired = reservation.status === 'expired';
  // A click that lands before the store says "paying" (a double click) must not pay twice.
  const inFlight = useRef(false);
  const paymentMethods = usePaymentMethods();

  // On arrival: an attempt of this hold that never got its answer (the tab was reloaded while
  // paying) is offered again under its key; anything else starts afresh.
  useEffect(() => {
    const attempt = readPayAttempt();
    if (attempt !== null && attempt.holdId === holdId && attempt.paymentId === undefined) {
      dispatch(paymentAborted({ pending: true }));
      return;
    }
    // A 3-D Secure step left by the browser's Back button stays stored: Forward may still finish
    // it at the bank and return to /checkout/verify. Paying again here replaces it (a new
    // attempt overwrites it, and the server fails the old one as superseded).
    dispatch(paymentReset());
    // Once per arrival on the step, for the hold it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  const canPay = target !== null && !busy && !expired && !priceChanged;
  /** Read at the click, not the render: the second click of a double click meets the first. */
  const isIdleNow = useCallback(
    () => !inFlight.current && !selectPaymentInFlight(store.getState()),
    [store],
  );

  const payByCard = useCallback(
    async (values: CardValues) => {
      if (!canPay || !isIdleNow()) return;
      inFlight.current = true;
      rememberCardName(target.holdId, values.cardName);
      try {
        dispatch(paymentStarted());
        const outcome = await tokenise(values);
        if (outcome.kind === 'token')
          dispatch(
            payRequested({
              ...target,
              method: 'card',
              amountDue: basket?.total ?? 0,
              cardToken: outcome.token.token,
            }),
          );
        else if (outcome.kind === 'refused')
          dispatch(paymentFailed({ problem: 'card', cardProblems: outcome.problems }));
        else if (outcome.kind === 'unreachable') dispatch(paymentFailed({ problem: 'noOptions' }));
        else dispatch(paymentAborted({ pending: false }));
      } finally {
        inFlight.current = false;
      }
    },
    [basket, canPay, dispatch, isIdleNow, target],
  );

  const confirmFree = () => {
    if (canPay && isIdleNow())
      dispatch(payRequested({ ...target, method: null, amountDue: 0, cardToken: null }));
  };
  const retryPending = () => dispatch(payRetried());
  const progress = (
    <PaymentProgress active={payment.status === 'paying' || payment.status === 'redirecting'} />
  );
  const retry =
    payment.status === 'aborted'
      ? { pending: payment.retryPending, onRetryPending: retryPending }
      : null;

  return (
    <CheckoutStepFrame
      step="payment"
      headingId="steps.payment.heading"
      subheadingId="steps.payment.subheading"
    >
      {payment.status === 'failed' && payment.problem !== null ? (
        <PaymentProblemNotice problem={payment.problem} venue={venue} />
      ) : null}
      {basket === null || target === null ? (
        <LoadingBlock minHeight="20rem" />
      ) : basket.total === 0 ? (
        <>
          {retry !== null ? (
            <RetryAlert onRetry={retry.pending ? retryPending : confirmFree} />
          ) : null}
          <p>
            <FormattedMessage id="delivery.method.zeroPrice" />
          </p>
          {progress}
          <Actions>
            <PayButton
              type="button"
              disabled={expired}
              aria-disabled={busy || undefined}
              onClick={confirmFree}
            >
              <FormattedMessage
                id={expired ? 'payment.payButton.expired' : 'payment.zeroPrice.confirm'}
              />
            </PayButton>
          </Actions>
        </>
      ) : (
        <>
          <VoucherPanel state={paymentMethods} context={context} />
          <CardForm
            context={context}
            acceptedBrands={basket.acceptedCardBrands}
            amount={{ amount: basket.total, currency: basket.currency }}
            expired={expired}
            busy={busy}
            cardProblems={payment.status === 'failed' ? payment.cardProblems : {}}
            retry={retry}
            progress={progress}
            keptCardName={keptCardName}
            focusCardNumber={retryAfterDecline}
            onPay={payByCard}
          />
        </>
      )}
    </CheckoutStepFrame>
  );
}

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]}px;
`;
