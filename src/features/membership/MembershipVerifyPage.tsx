import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { isId } from '@contract/patterns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { NotFoundPage } from '@/components/errors/errorPages';
import { PaymentProgress } from '@/features/payment/PaymentProgress';
import { RetryAlert } from '@/features/payment/PaymentNotices';
import { purchaseVerifyRequested, selectPurchase } from './membershipSlice';
import { PurchaseOutcome } from './components/PurchaseOutcome';
import { useMemberVenue } from './useMembers';

/**
 * /membership/verify?paymentId=…: where the bank's 3-D Secure pages send the browser back after
 * an ATG+ payment. It asks the service to continue the purchase and says what it came to; as a
 * fresh page load it works from the tab's stored attempt (purchaseStorage).
 */
export default function MembershipVerifyPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const paymentId = params.get('paymentId')?.toUpperCase() ?? undefined;
  const valid = isId(paymentId);
  const purchase = useAppSelector(selectPurchase);
  const venue = useMemberVenue();
  const asked = useRef<string | null>(null);
  useDocumentTitle(intl.formatMessage({ id: 'membership.verify.heading' }));

  useEffect(() => {
    if (!valid || asked.current === paymentId) return;
    asked.current = paymentId;
    dispatch(purchaseVerifyRequested({ paymentId }));
  }, [dispatch, valid, paymentId]);

  if (!valid || (purchase.status === 'failed' && purchase.problem === 'unknownPayment'))
    return <NotFoundPage />;

  return (
    <section>
      <PageHeading>
        <FormattedMessage id="membership.verify.heading" />
      </PageHeading>
      <PaymentProgress active={purchase.status === 'paying' || purchase.status === 'idle'} />
      {purchase.status === 'aborted' ? (
        <RetryAlert onRetry={() => dispatch(purchaseVerifyRequested({ paymentId }))} />
      ) : null}
      <PurchaseOutcome venue={venue} />
    </section>
  );
}
