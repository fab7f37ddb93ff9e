import { useCallback, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import type { PayMethodOption } from '@contract/api/paymentMethods';
import { useAppDispatch, useAppSelector, useAppStore } from '@/app/hooks';
import { LoadingBlock } from '@/components/LoadingBlock';
import { useBasket } from '@/features/checkout/useBasket';
import type { CardValues } from '@/components/form/validation/cardSchema';
import { validationContextFor } from '@/components/form/validation/validationContext';
import { selectReservation } from '@/features/hold/reservationSlice';
import { PayButton } from './CardForm';
import { recallCardName, rememberCardName } from './cardNameStorage';
import { tokenise, tokeniseWallet, type TokeniseOutcome } from './cardTokenisation';
import { isRetryAfterDecline } from './retryAfterDecline';
import { isPayPalCancelled } from './payPalReturn';
import { useFrameVenue } from './checkoutVenue';
import { NoPaymentMethods, PaymentProblemNotice, RetryAlert } from './PaymentNotices';
import { PaymentForm, UnavailableMethods, type PaymentChoice } from './PaymentForm';
import { PaymentProgress } from './PaymentProgress';
import { readPayAttempt } from './payAttemptStorage';
import { selectPaymentInFlight } from '@/features/paymentStatus/paymentInFlight';
import { selectCsrfToken } from '@/features/session/sessionSlice';
import { usePaymentMethods } from './methods/usePaymentMethods';
import { VoucherPanel } from './methods/VoucherPanel';
import { SandboxWalletHost } from './wallets/SandboxWalletHost';
import { useReadyWallets } from './wallets/useWallets';
import { sandboxWalletsOffered } from './wallets/walletSwitch';
import { usableMethods } from './methodChoice';
import {
  paymentAborted,
  paymentFailed,
  paymentReset,
  paymentStarted,
  payRequested,
  payRetried,
  promoDropRequested,
  selectPayment,
  type PayTarget,
} from './paymentSlice';

/**
 * The payment step's content (/checkout/payment, inside the checkout's step frame): the
 * vouchers panel, then "How would you like to pay?" with the methods the server allows for this basket (wallets only where this browser can use
 * them), the card form once card is chosen, and "Pay {amount}" for what is left after vouchers;
 * with nothing left to pay, "No payment is needed for this order" and a confirm button; with no
 * usable method, the spec's "no payment options" words and the venue's phone. While paying, the
 * status region says what is happening; a lost answer brings the retry alert; a decline, a
 * time-out, a declined wallet or PayPal's Cancel is told here, with focus on it, so another way
 * to pay can be tried on the same hold.
 */
export function usePaymentStep() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const venue = useFrameVenue();
  const context = useMemo(() => validationContextFor(venue), [venue]);
  const reservation = useAppSelector(selectReservation);
  const csrfToken = useAppSelector(selectCsrfToken);
  const payment = useAppSelector(selectPayment);
  const { basket, reviewedVersion, priceChanged } = useBasket();
  const paymentMethods = usePaymentMethods();
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
  const sandboxOffered = useMemo(() => sandboxWalletsOffered(location.search), [location.search]);
  // The options of this hold only: another hold's answer is never offered for this one.
  const methods =
    paymentMethods.methods !== null && paymentMethods.methods.holdId === holdId
      ? paymentMethods.methods
      : null;
  const wallets = useReadyWallets(methods, sandboxOffered, venue.settings.name);
  const { options, unavailable } = useMemo(
    () => usableMethods(methods, wallets),
    [methods, wallets],
  );
  // Read when the hold is known (a reload restores it after the first render).
  const keptCardName = useMemo(
    () => (holdId === undefined ? undefined : recallCardName(holdId)),
    [holdId],
  );
  const paying = useAppSelector(selectPaymentInFlight);
  const busy = paying || payment.status === 'succeeded';
  const expired = reservation.status === 'expired';
  // A click that lands before the store says "paying" (a double click) must not pay twice; also
  // held while a wallet's sheet is open.
  const inFlight = useRef(false);

  // On arrival: an attempt of this hold that never got its answer (the tab was reloaded while
  // paying) is offered again under its key; back from PayPal's Cancel, that is said; anything
  // else starts afresh.
  useEffect(() => {
    const attempt = readPayAttempt();
    if (attempt !== null && attempt.holdId === holdId && attempt.paymentId === undefined) {
      dispatch(paymentAborted({ pending: true }));
      return;
    }
    if (isPayPalCancelled(location.state)) {
      dispatch(paymentFailed({ problem: 'paypalCancelled' }));
      return;
    }
    // A 3-D Secure step left by the browser's Back button stays stored: Forward may still finish
    // it at the bank and return to /checkout/verify. Paying again here replaces it (a new
    // attempt overwrites it, and the server fails the old one as superseded).
    dispatch(paymentReset());
    // Once per arrival on the step, for the hold it was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch]);

  const amountDue = methods?.amountDue ?? null;
  const canPay = target !== null && amountDue !== null && !busy && !expired && !priceChanged;
  /** Read at the click, not the render: the second click of a double click meets the first. */
  const isIdleNow = useCallback(
    () => !inFlight.current && !selectPaymentInFlight(store.getState()),
    [store],
  );

  /** A token from the payment service pays; anything else is told as the card form would. */
  const payWithToken = useCallback(
    (outcome: TokeniseOutcome, method: PayMethodOption['method'], due: number) => {
      if (target === null) return;
      if (outcome.kind === 'token')
        dispatch(
          payRequested({ ...target, method, amountDue: due, cardToken: outcome.token.token }),
        );
      else if (outcome.kind === 'unreachable') dispatch(paymentFailed({ problem: 'noOptions' }));
      else if (method !== 'card') dispatch(paymentFailed({ problem: 'walletDeclined' }));
      else if (outcome.kind === 'refused')
        dispatch(paymentFailed({ problem: 'card', cardProblems: outcome.problems }));
      else dispatch(paymentAborted({ pending: false }));
    },
    [dispatch, target],
  );

  const pay = useCallback(
    async (choice: PaymentChoice) => {
      if (!canPay || !isIdleNow()) return;
      inFlight.current = true;
      try {
        if (choice.method === 'card') {
          const card: CardValues = choice.card;
          rememberCardName(target.holdId, card.cardName);
          dispatch(paymentStarted());
          payWithToken(await tokenise(card), 'card', amountDue);
        } else if (choice.method === 'paypal') {
          // PayPal's approval page is next (the answer's `approval` action).
          dispatch(payRequested({ ...target, method: 'paypal', amountDue, cardToken: null }));
        } else {
          const adapter = wallets.get(choice.method);
          const option = options.find((each) => each.method === choice.method);
          if (adapter === undefined || option === undefined || methods === null) return;
          const walletToken = await adapter.requestToken({
            amount: { amount: amountDue, currency: methods.currency },
            cardBrands: option.cardBrands ?? [],
            merchantName: venue.settings.name,
            csrfToken,
          });
          // Closed without paying: nothing happened, every method is still there.
          if (walletToken === null) return;
          dispatch(paymentStarted());
          payWithToken(await tokeniseWallet(choice.method, walletToken), choice.method, amountDue);
        }
      } finally {
        inFlight.current = false;
      }
    },
    [
      amountDue,
      canPay,
      csrfToken,
      dispatch,
      isIdleNow,
      methods,
      options,
      payWithToken,
      target,
      venue.settings.name,
      wallets,
    ],
  );

  const confirmFree = () => {
    if (canPay && isIdleNow())
      dispatch(payRequested({ ...target, method: null, amountDue: 0, cardToken: null }));
  };
  const retryPending = () => dispatch(payRetried());
  // Issue 24: the basket's single-use code went to another order; pay the full price instead.
  const payWithoutPromo =
    target === null
      ? undefined
      : () => dispatch(promoDropRequested({ region: target.region, holdId: target.holdId }));
  const retry =
    payment.status === 'aborted'
      ? { pending: payment.retryPending, onRetryPending: retryPending }
      : null;

  return {
    context,
    venue,
    payment,
    paymentMethods,
    methods,
    options,
    unavailable,
    keptCardName,
    busy,
    expired,
    retryAfterDecline,
    sandboxOffered,
    pay,
    confirmFree,
    retryPending,
    retry,
    payWithoutPromo,
    loading: basket === null || target === null || methods === null,
  };
}

export type PaymentStepState = ReturnType<typeof usePaymentStep>;

/**
 * What the step shows: its hooks run in the page (usePaymentStep), before the frame's, so the
 * arrival and the frame's basket read happen in the order they always have.
 */
export function PaymentStep({ step }: { step: PaymentStepState }) {
  const {
    context,
    venue,
    payment,
    paymentMethods,
    methods,
    options,
    unavailable,
    keptCardName,
    busy,
    expired,
    retryAfterDecline,
    sandboxOffered,
    pay,
    confirmFree,
    retryPending,
    retry,
    payWithoutPromo,
    loading,
  } = step;
  const progress = (
    <PaymentProgress active={payment.status === 'paying' || payment.status === 'redirecting'} />
  );
  return (
    <>
      {payment.status === 'failed' && payment.problem !== null ? (
        <PaymentProblemNotice
          problem={payment.problem}
          venue={venue}
          onPayWithoutPromo={payWithoutPromo}
        />
      ) : null}
      <VoucherPanel state={paymentMethods} context={context} />
      {loading || methods === null ? (
        <LoadingBlock minHeight="20rem" />
      ) : methods.amountDue === 0 ? (
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
      ) : options.length === 0 ? (
        <>
          <NoPaymentMethods venue={venue} />
          <UnavailableMethods unavailable={unavailable} />
        </>
      ) : (
        <PaymentForm
          context={context}
          options={options}
          unavailable={unavailable}
          amount={{ amount: methods.amountDue, currency: methods.currency }}
          expired={expired}
          busy={busy}
          cardProblems={payment.status === 'failed' ? payment.cardProblems : {}}
          retry={retry}
          progress={progress}
          keptCardName={keptCardName}
          focusCardNumber={retryAfterDecline}
          onPay={pay}
        />
      )}
      {sandboxOffered ? <SandboxWalletHost /> : null}
    </>
  );
}

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[3]}px;
`;
