import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { AppliedVoucher } from '@contract/api/paymentMethods';
import { SecondaryButton } from '@/components/Button';
import { formatMoney } from '@/i18n/format';
import { formatCalendarDay } from './calendarDay';

type Props = {
  vouchers: readonly AppliedVoucher[];
  /** The voucher being taken off, and whether that failed. */
  removing: { voucherId: string | null; failed: boolean };
  onRemove: (voucher: AppliedVoucher) => void;
};

/**
 * The vouchers and gift cards on this order, in the order they are spent: each with the spec's
 * "gift card applied" line (remaining balance and expiry), what it takes off this order, and a
 * Remove button that names it by its ending.
 */
export function AppliedVouchers({ vouchers, removing, onRemove }: Props) {
  const intl = useIntl();
  if (vouchers.length === 0) return null;
  return (
    <>
      <Heading>
        <FormattedMessage id="vouchers.applied.heading" />
      </Heading>
      <List>
        {vouchers.map((voucher) => {
          const money = (amount: number) =>
            formatMoney(intl, { amount, currency: voucher.currency });
          const names = { kind: voucher.kind, ending: voucher.numberEnding };
          const isRemoving = removing.voucherId === voucher.id;
          return (
            <Item key={voucher.id}>
              <Name>
                <FormattedMessage id="vouchers.applied.name" values={names} />
              </Name>
              <Line>
                <FormattedMessage
                  id="vouchers.applied.taken"
                  values={{ amount: money(voucher.amountApplied) }}
                />
              </Line>
              <Line>
                <FormattedMessage
                  id="voucher.applied"
                  values={{
                    balance: money(voucher.remainingBalance),
                    date: formatCalendarDay(intl, voucher.expiresOn),
                  }}
                />
              </Line>
              <SecondaryButton
                type="button"
                aria-label={intl.formatMessage({ id: 'vouchers.remove' }, names)}
                aria-disabled={(isRemoving && !removing.failed) || undefined}
                onClick={() => {
                  if (!isRemoving || removing.failed) onRemove(voucher);
                }}
              >
                <FormattedMessage id="vouchers.remove.short" />
              </SecondaryButton>
              {isRemoving && removing.failed ? (
                <Problem role="alert">
                  <FormattedMessage id="vouchers.remove.failed" />
                </Problem>
              ) : null}
            </Item>
          );
        })}
      </List>
    </>
  );
}

const Heading = styled.h3`
  margin: ${({ theme }) => theme.space[4]}px 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.body};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
`;

const Item = styled.li`
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const Name = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Line = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0;
`;

const Problem = styled.p`
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  color: ${({ theme }) => theme.colors.error};
`;
