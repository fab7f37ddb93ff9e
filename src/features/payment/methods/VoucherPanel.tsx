import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { AppliedVoucher, ApplyVoucherBody } from '@contract/api/paymentMethods';
import { VOUCHER_KINDS, type VoucherKind } from '@contract/api/paymentMethodKinds';
import { useAppDispatch } from '@/app/hooks';
import type { ValidationContext } from '@/components/form/validation/validationContext';
import { SecondaryButton } from '@/components/Button';
import { formatMoney } from '@/i18n/format';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { useBasketTarget } from '@/features/checkout/useBasket';
import { readKeptVoucherNumber } from '@/features/promo/keptVoucherNumber';
import { AppliedVouchers } from './AppliedVouchers';
import {
  voucherApplyRequested,
  voucherRemoveRequested,
  type PaymentMethodsState,
} from './paymentMethodsSlice';
import { VoucherForm } from './VoucherForm';

const isVoucherKind = (method: string): method is VoucherKind =>
  (VOUCHER_KINDS as readonly string[]).includes(method);

type Props = {
  /** The payment step's methods (usePaymentMethods), read once by the page. */
  state: PaymentMethodsState & { retry: () => void };
  context: ValidationContext;
};

/**
 * "Gift voucher or gift card" on the payment step (issue 15): the vouchers applied to this order
 * with what each takes off and a Remove button, what is left to pay, and the form to apply one
 * more while the basket takes them (PaymentMethods.voucherKinds). A polite status says each
 * voucher applied or removed, with the amount left to pay.
 */
export function VoucherPanel({ state, context }: Props) {
  const { retry } = state;
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const target = useBasketTarget();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Read once per visit: the number the promo box kept waits in the form until it is applied.
  const [keptNumber] = useState(readKeptVoucherNumber);
  // The form folds away until asked for (most buyers have no voucher, and Pay must stay within
  // a phone's first screen); a number kept from the promo box opens it.
  const [open, setOpen] = useState(keptNumber !== null);
  const formId = useId();
  const { methods } = state;
  // The step cannot go on without its methods: said here, with a way to ask again (an expired
  // hold has the reservation's own dialog instead).
  if (methods === null && state.status === 'failed' && state.error !== 'expired')
    return (
      <LoadProblem role="alert">
        <FormattedMessage id="vouchers.load.failed" />{' '}
        <SecondaryButton type="button" onClick={retry}>
          <FormattedMessage id="common.retry" />
        </SecondaryButton>
      </LoadProblem>
    );
  if (methods === null || target === null || methods.holdId !== target.holdId) return null;
  // A kind the venue takes but this basket cannot is said, never hidden (contract).
  const reasons = [
    ...new Set(
      methods.unavailable
        .filter((entry) => isVoucherKind(entry.method))
        .map((entry) => entry.reason),
    ),
  ];
  if (methods.voucherKinds.length === 0 && methods.vouchers.length === 0 && reasons.length === 0)
    return null;

  const money = (amount: number) => formatMoney(intl, { amount, currency: methods.currency });
  const apply = (body: ApplyVoucherBody) => dispatch(voucherApplyRequested({ ...target, body }));
  const remove = (voucher: AppliedVoucher) => {
    dispatch(voucherRemoveRequested({ ...target, voucherId: voucher.id }));
    // Its button goes with it: the caret waits at the top of the panel, not on the page's start.
    headingRef.current?.focus();
  };
  const { announcement } = state;

  return (
    <Panel aria-labelledby="vouchers-heading">
      <Heading id="vouchers-heading" ref={headingRef} tabIndex={-1}>
        <FormattedMessage id="vouchers.heading" />
      </Heading>
      {methods.voucherKinds.length > 0 && open ? (
        <Intro>
          <FormattedMessage id="vouchers.intro" />
        </Intro>
      ) : null}
      {reasons.map((reason) => (
        <Intro key={reason}>
          <FormattedMessage id={`vouchers.unavailable.${reason}`} />
        </Intro>
      ))}
      <AppliedVouchers vouchers={methods.vouchers} removing={state.removing} onRemove={remove} />
      {methods.vouchers.length > 0 ? (
        <Due>
          {methods.amountDue === 0 ? (
            <FormattedMessage id="vouchers.amountDue.none" />
          ) : (
            <FormattedMessage
              id="vouchers.amountDue"
              values={{ amount: money(methods.amountDue) }}
            />
          )}
        </Due>
      ) : null}
      {methods.voucherKinds.length > 0 ? (
        <SecondaryButton
          type="button"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          <FormattedMessage id="vouchers.open" />
        </SecondaryButton>
      ) : null}
      {methods.voucherKinds.length > 0 && open ? (
        <FormArea id={formId}>
          <VoucherForm
            context={context}
            kinds={methods.voucherKinds}
            apply={state.apply}
            appliedCount={methods.vouchers.length}
            keptNumber={keptNumber}
            onApply={apply}
            onApplied={() => headingRef.current?.focus()}
          />
        </FormArea>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement === null ? null : (
          <span key={announcement.sequence}>
            <FormattedMessage
              id={
                announcement.kind === 'applied'
                  ? 'vouchers.announce.applied'
                  : 'vouchers.announce.removed'
              }
              values={{
                kind: announcement.voucher.kind,
                ending: announcement.voucher.numberEnding,
                amount: money(methods.amountDue),
              }}
            />
          </span>
        )}
      </VisuallyHidden>
    </Panel>
  );
}

const Panel = styled.section`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const Heading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;

const FormArea = styled.div`
  margin-top: ${({ theme }) => theme.space[4]}px;
`;

const Intro = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
`;

const Due = styled.p`
  margin: ${({ theme }) => theme.space[3]}px 0;
  font-weight: 600;
`;

const LoadProblem = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  font-weight: 600;
`;
