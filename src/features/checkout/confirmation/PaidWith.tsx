import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { OrderView } from '@contract/api/orders';
import { CARD_BRAND_NAMES } from '@contract/cards';
import { formatMoney } from '@/i18n/format';
import { METHOD_NAMES } from '@/lib/methodNames';

type Part = OrderView['paidWith'][number];

/** One part of the payment in words: the voucher's or card's ending, PayPal, or the wallet's card. */
function PartName({ part }: { part: Part }) {
  const last4 = part.last4 ?? '';
  const brand = part.brand === null ? '' : CARD_BRAND_NAMES[part.brand];
  switch (part.method) {
    case 'gift_voucher':
    case 'gift_card':
      return <FormattedMessage id={`confirmation.paidWith.${part.method}`} values={{ last4 }} />;
    case 'paypal':
      return <FormattedMessage id="confirmation.paidWith.paypal" />;
    case 'google_pay':
    case 'apple_pay':
      return (
        <FormattedMessage
          id="confirmation.paidWith.wallet"
          values={{ wallet: METHOD_NAMES[part.method], brand, last4 }}
        />
      );
    case 'card':
      return <FormattedMessage id="confirmation.paidWith.card" values={{ brand, last4 }} />;
  }
}

/**
 * How the order was paid, one line per part (vouchers first, in the order they were spent, then
 * the card, wallet or PayPal): "Paid with Visa ending 1111" when one part paid it all, else
 * "Paid with" and a line each with its amount; nothing paid, "No payment is needed".
 */
export function PaidWith({ order }: { order: OrderView }) {
  const intl = useIntl();
  const parts = order.paidWith;
  if (parts.length === 0)
    return (
      <p>
        <FormattedMessage id="delivery.method.zeroPrice" />
      </p>
    );
  if (parts.length === 1)
    return (
      <p>
        <FormattedMessage
          id="confirmation.paidWith.single"
          values={{ part: <PartName part={parts[0]!} /> }}
        />
      </p>
    );
  return (
    <>
      <p>
        <FormattedMessage id="confirmation.paidWith.label" />
      </p>
      <Parts>
        {parts.map((part, index) => (
          <li key={`${part.method}-${index}`}>
            <FormattedMessage
              id="confirmation.paidWith.line"
              values={{
                part: <PartName part={part} />,
                amount: formatMoney(intl, { amount: part.amount, currency: order.currency }),
              }}
            />
          </li>
        ))}
      </Parts>
    </>
  );
}

const Parts = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  padding-left: ${({ theme }) => theme.space[4]}px;
`;
