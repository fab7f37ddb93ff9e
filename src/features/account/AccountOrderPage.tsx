import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isId } from '@contract/patterns';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { NotFoundPage } from '@/components/errors/errorPages';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { ACCOUNT_PATHS } from '@/config/paths';
import { getVenue } from '@/config/venues';
import { AppHandover } from '@/features/checkout/confirmation/AppHandover';
import { OrderSummary } from '@/features/checkout/confirmation/OrderSummary';
import { AccountGate } from './AccountGate';
import { accountPath } from './accountPaths';
import { orderLeft, orderRequested, selectAccountOrder } from './accountSlice';

/**
 * /account/orders/:orderId: one order of the account with its tickets (QR codes, seats,
 * delivery, the app handover for eTickets) — the confirmation page's own parts, reached by
 * signing in rather than by the emailed secret link. Anyone else's order is not found.
 */
export default function AccountOrderPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'myAccount.order.heading' }));
  const { orderId } = useParams();
  if (!isId(orderId)) return <NotFoundPage />;
  return (
    <section>
      <PageHeading>
        <FormattedMessage id="myAccount.order.heading" />
      </PageHeading>
      <AccountGate>
        <Order orderId={orderId.toUpperCase()} />
      </AccountGate>
    </section>
  );
}

function Order({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectAccountOrder);
  const current = state.key === orderId ? state : null;
  useEffect(() => {
    dispatch(orderRequested({ orderId }));
    return () => void dispatch(orderLeft());
  }, [dispatch, orderId]);

  if (current?.status === 'failed' && current.error === 'not_found')
    return (
      <p>
        <FormattedMessage id="myAccount.order.notFound" />
      </p>
    );
  if (current?.status === 'failed')
    return (
      <LoadFailure error={current.error} onRetry={() => dispatch(orderRequested({ orderId }))} />
    );
  const order = current?.data ?? null;
  if (order === null) return <LoadingBlock minHeight="32rem" />;
  const venue = getVenue(order.show.venueSlug);
  return (
    <>
      {/* The owner's read carries the secret link's key: the account's session did not buy it. */}
      <OrderSummary order={order} venue={venue} fileKey={order.accessKey} />
      {venue !== undefined && order.delivery.method === 'eTicket' ? (
        <AppHandover orderId={order.id} region={venue.settings.region} />
      ) : null}
      <p>
        <Link to={accountPath(ACCOUNT_PATHS.orders, order.show.venueSlug)}>
          <FormattedMessage id="myAccount.order.back" />
        </Link>
      </p>
    </>
  );
}
