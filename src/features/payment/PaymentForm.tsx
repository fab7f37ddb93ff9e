import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { object } from 'yup';
import type { Money } from '@contract/api/common';
import type { PaymentMethods, PayMethodOption } from '@contract/api/paymentMethods';
import type { PayMethod } from '@contract/api/paymentMethodKinds';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { cardSchema, type CardValues } from '@/components/form/validation/cardSchema';
import { paymentMethodSchema } from '@/components/form/validation/choiceSchemas';
import type { ValidationContext } from '@/components/form/validation/validationContext';
import { CHECKOUT_PATHS } from '@/config/paths';
import { formatMoney } from '@/i18n/format';
import { StickyActions } from '@/components/form/StickyActions';
import { CardFields, EMPTY_CARD, Legend, PayButton } from './CardForm';
import { MethodMark } from './MethodMarks';
import { cardBrandsOf, isPayMethod } from './methodChoice';
import { METHOD_NAMES } from '@/lib/methodNames';
import { RetryAlert } from './PaymentNotices';
import type { CardProblems } from './paymentSlice';

export type PaymentValues = CardValues & { paymentMethod: PayMethod | '' };

/** What the buyer chose, as the page pays it: the card's details only when paying by card. */
export type PaymentChoice =
  { method: 'card'; card: CardValues } | { method: Exclude<PayMethod, 'card'> };

type Props = {
  context: ValidationContext;
  /** The methods this browser can use now (wallets not ready are left out), in the server's order. */
  options: readonly PayMethodOption[];
  /** Methods the venue offers that this basket cannot use, each explained in one line. */
  unavailable: PaymentMethods['unavailable'];
  amount: Money;
  expired: boolean;
  busy: boolean;
  cardProblems: CardProblems;
  retry: { pending: boolean; onRetryPending: () => void } | null;
  progress: ReactNode;
  keptCardName?: string;
  focusCardNumber?: boolean;
  onPay: (choice: PaymentChoice) => Promise<void>;
};

/**
 * The payment step's form: "How would you like to pay?" (a radio group, each method with its
 * mark, in the server's order), the card's fields once card is chosen, a line for each method
 * this basket cannot use, and one Pay button showing the amount left after vouchers. Pay with
 * nothing chosen says "Please select a payment method" on the group and moves focus there. A
 * single usable method is chosen already: a choice of one is no choice.
 */
export function PaymentForm({
  context,
  options,
  unavailable,
  amount,
  expired,
  busy,
  cardProblems,
  retry,
  progress,
  keptCardName,
  focusCardNumber = false,
  onPay,
}: Props) {
  const offered = useMemo(() => options.map((option) => option.method), [options]);
  const cardBrands = cardBrandsOf(options);
  const validate = useMemo(() => {
    const method = validateWithSchema<PaymentValues>(
      object({ paymentMethod: paymentMethodSchema(offered) }),
    );
    const card =
      cardBrands === null
        ? null
        : validateWithSchema<PaymentValues>(cardSchema(context, { acceptedBrands: cardBrands }));
    return (values: PaymentValues): FormikErrors<PaymentValues> => ({
      ...method(values),
      ...(values.paymentMethod === 'card' && card !== null ? card(values) : {}),
    });
  }, [offered, cardBrands, context]);
  const [initialValues] = useState<PaymentValues>(() => ({
    ...EMPTY_CARD,
    cardName: keptCardName ?? '',
    paymentMethod: offered.length === 1 ? offered[0]! : '',
  }));

  const submit = (values: PaymentValues) => {
    const { paymentMethod, ...card } = values;
    if (!isPayMethod(paymentMethod)) return Promise.resolve();
    return onPay(paymentMethod === 'card' ? { method: 'card', card } : { method: paymentMethod });
  };

  return (
    <Formik initialValues={initialValues} validate={validate} onSubmit={submit}>
      {({ submitForm, values }) => (
        <CheckoutForm>
          <ChoiceStillOffered offered={offered} />
          {retry !== null ? (
            <RetryAlert onRetry={retry.pending ? retry.onRetryPending : () => void submitForm()} />
          ) : null}
          <RadioGroupField
            name="paymentMethod"
            legend="paymentMethods.legend"
            options={options.map((option) => ({
              value: option.method,
              label: `paymentMethods.${option.method}`,
              // The label's words name the method; the mark is for the eye.
              mark: (
                <Marks aria-hidden="true">
                  <MethodMark method={option.method} cardBrands={option.cardBrands} />
                </Marks>
              ),
            }))}
          />
          <UnavailableMethods unavailable={unavailable} />
          {values.paymentMethod === 'card' && cardBrands !== null ? (
            <CardSection>
              <Legend>
                <FormattedMessage id="payment.card.legend" />
              </Legend>
              <CardFields
                context={context}
                acceptedBrands={cardBrands}
                cardProblems={cardProblems}
                focusCardNumber={focusCardNumber}
              />
            </CardSection>
          ) : null}
          {progress}
          <StickyActions>
            <PayButton type="submit" disabled={expired} aria-disabled={busy || undefined}>
              <PayLabel expired={expired} amount={amount} method={values.paymentMethod} />
            </PayButton>
          </StickyActions>
        </CheckoutForm>
      )}
    </Formik>
  );
}

function PayLabel({
  expired,
  amount,
  method,
}: {
  expired: boolean;
  amount: Money;
  method: PayMethod | '';
}) {
  const intl = useIntl();
  if (expired) return <FormattedMessage id="payment.payButton.expired" />;
  const money = formatMoney(intl, amount);
  if (method === '' || method === 'card')
    return <FormattedMessage id="payment.payButton.label" values={{ amount: money }} />;
  return (
    <FormattedMessage
      id="paymentMethods.payWith"
      values={{ amount: money, method: METHOD_NAMES[method] }}
    />
  );
}

/**
 * The options were read again (a voucher applied, 409 amount_due_changed) and the chosen method
 * is gone: the choice is cleared rather than paying with a method the page no longer shows.
 */
function ChoiceStillOffered({ offered }: { offered: readonly PayMethod[] }) {
  const { values, setFieldValue } = useFormikContext<PaymentValues>();
  const chosen = values.paymentMethod;
  useEffect(() => {
    if (chosen !== '' && !offered.includes(chosen))
      void setFieldValue('paymentMethod', offered.length === 1 ? offered[0] : '', false);
    else if (chosen === '' && offered.length === 1)
      void setFieldValue('paymentMethod', offered[0], false);
  }, [chosen, offered, setFieldValue]);
  return null;
}

/**
 * One line for each way to pay the venue offers that this basket cannot use, so nothing is a
 * dead button and nothing is silently missing: PayPal with posted tickets links back to the
 * delivery step.
 */
export function UnavailableMethods({
  unavailable,
}: {
  unavailable: PaymentMethods['unavailable'];
}) {
  const lines = unavailable.flatMap((entry) =>
    isPayMethod(entry.method) && entry.method !== 'card'
      ? [{ ...entry, method: entry.method }]
      : [],
  );
  if (lines.length === 0) return null;
  return (
    <Unavailable>
      {lines.map(({ method, reason }) => (
        <li key={method}>
          <FormattedMessage
            id={`paymentMethods.unavailable.${reason}`}
            values={{ method: METHOD_NAMES[method] }}
          />
          {reason === 'posted_delivery' ? (
            <>
              {' '}
              <Link to={CHECKOUT_PATHS.collection}>
                <FormattedMessage id="paymentMethods.unavailable.changeDelivery" />
              </Link>
            </>
          ) : null}
        </li>
      ))}
    </Unavailable>
  );
}

const Marks = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]}px;
  margin-left: ${({ theme }) => theme.space[2]}px;
  vertical-align: middle;
`;

const Unavailable = styled.ul`
  margin: 0 0 ${({ theme }) => theme.space[5]}px;
  padding-left: ${({ theme }) => theme.space[4]}px;
`;

const CardSection = styled.section`
  margin-top: ${({ theme }) => theme.space[4]}px;
`;
