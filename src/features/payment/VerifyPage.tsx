import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { CHECKOUT_PATHS } from '@/config/paths';
import { isId } from '@contract/patterns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { NotFoundPage } from '@/components/errors/errorPages';
import { RetryAlert } from './PaymentNotices';
import { PaymentProgress } from './PaymentProgress';
import { failurePath } from './paymentOutcomePath';
import { PAYPAL_CANCELLED } from './payPalReturn';
import { selectPayment, verifyRequested } from './paymentSlice';

/** The return URL's parameter (PAYMENT_RETURN_PARAM of contract/api/payment.ts, a zod module). */
const RETURN_PARAM = 'paymentId';

/**
 * /checkout/verify?paymentId=…: where the bank's 3-D Secure pages (and PayPal's approval page)
 * send the browser back. The page asks the server to continue the payment and goes where the
 * answer says: the confirmation, the bank again (a challenge), the payment-failed or
 * payment-timeout page, the page saying the seats were released, or after PayPal's Cancel the
 * payment step. It arrives as a fresh page load, so everything it needs comes from
 * the tab's stored attempt (payAttemptStorage), not from the store.
 */
export default function VerifyPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentId = params.get(RETURN_PARAM)?.toUpperCase() ?? undefined;
  const valid = isId(paymentId);
  const payment = useAppSelector(selectPayment);
  // The payment this page has asked about: what the store held before asking is not its answer.
  const asked = useRef<string | null>(null);
  useDocumentTitle(intl.formatMessage({ id: 'steps.verify.heading' }));

  useEffect(() => {
    if (!valid) return;
    if (asked.current !== paymentId) {
      asked.current = paymentId;
      dispatch(verifyRequested({ paymentId }));
      return;
    }
    // PayPal's Cancel: back to the payment step with the same hold, to choose again.
    if (payment.status === 'failed' && payment.problem === 'paypalCancelled') {
      void navigate(CHECKOUT_PATHS.payment, { replace: true, state: PAYPAL_CANCELLED });
      return;
    }
    // An order or lost seats: PaymentOutcomeNavigation goes on, as from any page.
    if (
      payment.status === 'failed' &&
      payment.problem !== null &&
      payment.problem !== 'unknownPayment' &&
      payment.problem !== 'holdLost'
    )
      void navigate(failurePath(payment.problem), { replace: true });
  }, [dispatch, navigate, valid, paymentId, payment.status, payment.problem]);

  if (!valid || (payment.status === 'failed' && payment.problem === 'unknownPayment'))
    return <NotFoundPage />;

  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="steps.verify.subheading" />}>
        <FormattedMessage id="steps.verify.heading" />
      </PageHeading>
      <PaymentProgress active={payment.status !== 'aborted'} />
      {payment.status === 'aborted' ? (
        <RetryAlert onRetry={() => dispatch(verifyRequested({ paymentId }))} />
      ) : null}
    </section>
  );
}
