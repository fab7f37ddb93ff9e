import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { PerformanceParts } from '@/components/PerformanceParts';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getVenue } from '@/config/venues';
import { formatMoney } from '@/i18n/format';
import { AccountGate } from './AccountGate';
import { accountOrderPath } from './accountPaths';
import { ordersRequested, selectAccountOrders } from './accountSlice';

/** /account/orders: every order of the account, newest first, each opening its tickets. */
export default function OrdersPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'myAccount.orders.heading' }));
  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="myAccount.orders.subheading" />}>
        <FormattedMessage id="myAccount.orders.heading" />
      </PageHeading>
      <AccountGate>
        <Orders />
      </AccountGate>
    </section>
  );
}

function Orders() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const orders = useAppSelector(selectAccountOrders);
  useEffect(() => {
    if (orders.status === 'idle') dispatch(ordersRequested());
  }, [dispatch, orders.status]);
  if (orders.status === 'failed')
    return <LoadFailure error={orders.error} onRetry={() => dispatch(ordersRequested())} />;
  if (orders.data === null) return <LoadingBlock minHeight="16rem" />;
  if (orders.data.length === 0)
    return (
      <p>
        <FormattedMessage id="myAccount.orders.none" />
      </p>
    );
  return (
    <List>
      {orders.data.map((order) => {
        // The performance on its venue's clock, as everywhere else in the shop.
        const timeZone = getVenue(order.venueSlug)?.settings.timezone ?? intl.timeZone;
        const when = order.performanceStartsAt;
        const dateTime = `${intl.formatDate(when, {
          timeZone,
          weekday: 'short',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        })}, ${intl.formatTime(when, { timeZone, hour: 'numeric', minute: '2-digit' })}`;
        return (
          <Row key={order.orderId}>
            <Link to={accountOrderPath(order.orderId, order.venueSlug)}>{order.showName}</Link>
            {order.parts ? (
              <PerformanceParts parts={order.parts} timeZone={timeZone} />
            ) : (
              <span>{dateTime}</span>
            )}
            <span>
              <FormattedMessage
                id="myAccount.orders.summary"
                values={{
                  reference: order.reference,
                  count: order.ticketCount,
                  total: formatMoney(intl, { amount: order.total, currency: order.currency }),
                  status: order.status,
                }}
              />
            </span>
          </Row>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]}px;
  padding: ${({ theme }) => theme.space[3]}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};

  a {
    font-weight: 600;
    min-height: 24px;
  }
`;
