import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { OrderView } from '@contract/api/orders';
import { formatMoney } from '@/i18n/format';

/**
 * What was paid, every part of the total on a line of its own in the basket drawer's words and
 * order (issue 13): tickets, extras, protection, the transaction fee, delivery, then the total.
 */
export function OrderPriceLines({ order }: { order: OrderView }) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, { amount, currency: order.currency });
  const { charges } = order;
  const waiver = charges.transactionFeeWaiver;
  return (
    <Lines aria-label={intl.formatMessage({ id: 'confirmation.prices.label' })}>
      <Line>
        <FormattedMessage id="basket.line.ticketsTotal" values={{ count: order.tickets.length }} />
        <Amount>{money(charges.tickets)}</Amount>
      </Line>
      {order.extras.map((extra) => (
        <Line key={extra.upsellId}>
          <FormattedMessage
            id="basket.line.extra"
            values={{ quantity: extra.quantity, name: extra.name }}
          />
          <Amount>{money(extra.lineTotal)}</Amount>
        </Line>
      ))}
      {order.ticketProtection ? (
        <Line>
          <FormattedMessage
            id="basket.line.ticketProtection"
            values={{ tickets: order.tickets.length }}
          />
          <Amount>{money(charges.ticketProtection)}</Amount>
        </Line>
      ) : null}
      {order.transactionFee + (waiver?.amount ?? 0) > 0 ? (
        <Line>
          <FormattedMessage id="basket.transactionFee" />
          <Amount>{money(order.transactionFee + (waiver?.amount ?? 0))}</Amount>
        </Line>
      ) : null}
      {/* A member's waived fee (issue 14): named, then taken off again, as in the basket. */}
      {waiver !== null && waiver.amount > 0 ? (
        <Line>
          <FormattedMessage
            id="basket.line.feeWaiver"
            values={{ scheme: waiver.scheme === 'atg-plus' ? 'atgPlus' : 'access' }}
          />
          <Amount>
            <FormattedMessage id="basket.line.minus" values={{ amount: money(waiver.amount) }} />
          </Amount>
        </Line>
      ) : null}
      <Line>
        {/* The method is named in the delivery section above. */}
        <FormattedMessage id="basket.delivery" />
        <Amount>
          {charges.delivery === 0 ? <FormattedMessage id="basket.free" /> : money(charges.delivery)}
        </Amount>
      </Line>
      <TotalLine>
        <FormattedMessage id="basket.total" />
        <Amount>{money(order.total)}</Amount>
      </TotalLine>
    </Lines>
  );
}

const Lines = styled.ul`
  max-width: 28rem;
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  padding: 0;
  list-style: none;
`;

const Line = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[2]}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const TotalLine = styled(Line)`
  border-bottom: 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 600;
`;

const Amount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;
