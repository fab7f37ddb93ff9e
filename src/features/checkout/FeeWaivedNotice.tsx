import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { formatMoney } from '@/i18n/format';
import { feeWaivedNoticeSeen, feeWaivedShown, selectBasketState } from './basketSlice';
import type { CheckoutStep } from './checkoutSteps';

/**
 * A member who signs in mid-checkout pays no transaction fee from then on: said as the good news
 * it is on the step they are on (which they keep), instead of "Your basket has changed" and a
 * trip back to the review. Once they move to another step it has been said.
 */
export function FeeWaivedNotice({ step }: { step: CheckoutStep }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { feeWaived, basket } = useAppSelector(selectBasketState);
  const claimedBy = feeWaived?.step;
  useEffect(() => {
    if (claimedBy === null) dispatch(feeWaivedShown({ step }));
    else if (claimedBy !== undefined && claimedBy !== step) dispatch(feeWaivedNoticeSeen());
  }, [dispatch, claimedBy, step]);
  if (feeWaived === null || basket === null || (claimedBy !== null && claimedBy !== step))
    return null;
  const { waiver } = feeWaived;
  return (
    <Notice role="status">
      <FormattedMessage
        id="checkout.feeWaived"
        values={{
          scheme: waiver.scheme === 'atg-plus' ? 'atgPlus' : 'access',
          amount: formatMoney(intl, { amount: waiver.amount, currency: basket.currency }),
        }}
      />
    </Notice>
  );
}

const Notice = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: ${({ theme }) => theme.space[3]}px ${({ theme }) => theme.space[4]}px;
  border-left: 4px solid ${({ theme }) => theme.colors.success};
  background: ${({ theme }) => theme.colors.successSurface};
  color: ${({ theme }) => theme.colors.text};
`;
