import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Formik, useFormikContext } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { detectCardBrand, type CardBrand } from '@contract/cards';
import type { Money } from '@contract/api/common';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { TextField } from '@/components/form/TextField';
import { fieldId } from '@/components/form/fieldIds';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import {
  acceptedCardTypes,
  cardSchema,
  type CardValues,
} from '@/components/form/validation/cardSchema';
import { fieldMessage as m, type FieldMessage } from '@/components/form/validation/fieldMessage';
import { fieldSpecs } from '@/components/form/validation/fieldSpecs';
import type { ValidationContext } from '@/components/form/validation/validationContext';
import { formatMoney } from '@/i18n/format';
import { StickyActions } from '@/components/form/StickyActions';
import { CardMarks } from './CardMarks';
import { CardNumberField } from './CardNumberField';
import { RetryAlert } from './PaymentNotices';
import type { CardField, CardProblem, CardProblems } from './paymentSlice';

export const EMPTY_CARD: CardValues = { cardNumber: '', cardName: '', expiry: '', cvv: '' };
const FIELD_ORDER: readonly CardField[] = ['cardNumber', 'cardName', 'expiry', 'cvv'];

type Props = {
  context: ValidationContext;
  acceptedBrands: readonly CardBrand[];
  amount: Money;
  /** The hold is gone: the button says "Reservation expired" and does nothing. */
  expired: boolean;
  /** A payment is in flight or waits to be sent again: a second click must do nothing. */
  busy: boolean;
  /** Refusals the payment service or the pay request made, shown beside their fields. */
  cardProblems: CardProblems;
  /** The retry alert, when the last answer was lost; `pending` resends the stored attempt. */
  retry: { pending: boolean; onRetryPending: () => void } | null;
  /** The payment's status region, beside the button the buyer has just pressed. */
  progress: ReactNode;
  /**
   * The name on the card the buyer typed before a decline at 3-D Secure: the same person tries
   * again, so it is kept; the card's own details (number, expiry, code) are typed afresh.
   */
  keptCardName?: string;
  /** Back from a decline ("Try again"): the caret goes to the card number, the first to fix. */
  focusCardNumber?: boolean;
  onPay: (values: CardValues) => Promise<void>;
};

/**
 * The card fields of spec §3 (number, name on card, expiry MM/YY, CVV) with every §5 card
 * message, checked by the yup card schema for the brands these seats accept, and the Pay button.
 * Formik keeps what was typed; only the token ever leaves this form for the store.
 */
export function CardForm({
  context,
  acceptedBrands,
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
  const intl = useIntl();
  const titleId = useId();
  const validate = useMemo(
    () => validateWithSchema<CardValues>(cardSchema(context, { acceptedBrands })),
    [context, acceptedBrands],
  );
  const [initialValues] = useState<CardValues>(() => ({
    ...EMPTY_CARD,
    cardName: keptCardName ?? '',
  }));

  return (
    <Formik initialValues={initialValues} validate={validate} onSubmit={onPay}>
      {({ submitForm }) => (
        <CheckoutForm aria-labelledby={titleId}>
          <Legend id={titleId}>
            <FormattedMessage id="payment.card.legend" />
          </Legend>
          <CardFields
            context={context}
            acceptedBrands={acceptedBrands}
            cardProblems={cardProblems}
            focusCardNumber={focusCardNumber}
            retry={
              retry === null ? null : (
                <RetryAlert
                  onRetry={retry.pending ? retry.onRetryPending : () => void submitForm()}
                />
              )
            }
          />
          {progress}
          <StickyActions>
            <PayButton type="submit" disabled={expired} aria-disabled={busy || undefined}>
              {expired ? (
                <FormattedMessage id="payment.payButton.expired" />
              ) : (
                <FormattedMessage
                  id="payment.payButton.label"
                  values={{ amount: formatMoney(intl, amount) }}
                />
              )}
            </PayButton>
          </StickyActions>
        </CheckoutForm>
      )}
    </Formik>
  );
}

/**
 * The card's fields inside any Formik form whose values include CardValues (this form, and the
 * payment step's form once card is the method chosen): the American Express note, the accepted
 * marks, the server's refusals beside their fields, and number, name, expiry and code.
 */
export function CardFields({
  context,
  acceptedBrands,
  cardProblems,
  focusCardNumber = false,
  retry = null,
}: {
  context: ValidationContext;
  acceptedBrands: readonly CardBrand[];
  cardProblems: CardProblems;
  focusCardNumber?: boolean;
  /** The retry alert, placed above the fields it would resend. */
  retry?: ReactNode;
}) {
  const amexOnly = acceptedBrands.length === 1 && acceptedBrands[0] === 'amex';
  const fields = fieldSpecs(context);
  return (
    <>
      {amexOnly ? (
        <Note>
          <FormattedMessage id="seatMap.legend.amexNote" />
        </Note>
      ) : null}
      <DetectedCardMarks brands={acceptedBrands} />
      {retry}
      <ServerCardProblems
        problems={cardProblems}
        acceptedBrands={acceptedBrands}
        locale={context.locale}
      />
      {focusCardNumber ? <FocusOnArrival field="cardNumber" /> : null}
      <CardNumberField {...fields.cardNumber} />
      <TextField {...fields.cardName} />
      <CardDates>
        <TextField {...fields.expiry} />
        <TextField {...fields.cvv} />
      </CardDates>
    </>
  );
}

/** The accepted marks, the one the number typed so far belongs to ringed. */
function DetectedCardMarks({ brands }: { brands: readonly CardBrand[] }) {
  const { values } = useFormikContext<CardValues>();
  return <CardMarks brands={brands} detected={detectCardBrand(values.cardNumber)} />;
}

/**
 * Back to pay again after a decline: the card's fields are the ones to fill, so the caret waits
 * in the first of them rather than at the top of the page. In a layout effect, after the page
 * heading took focus on arrival.
 */
function FocusOnArrival({ field }: { field: CardField }) {
  useLayoutEffect(() => {
    document.getElementById(fieldId(field))?.focus();
  }, [field]);
  return null;
}

function problemMessage(
  problem: CardProblem,
  acceptedBrands: readonly CardBrand[],
  locale: string,
): FieldMessage {
  switch (problem) {
    case 'number':
      return m('validation.card.number');
    case 'notAccepted':
      return m('validation.card.numberForTypes', {
        cardTypes: acceptedCardTypes(acceptedBrands, locale),
      });
    case 'expiryMonth':
      return m('validation.card.expiryMonth');
    case 'expiryYear':
      return m('validation.card.expiryYear');
    case 'cvv':
      return m('validation.card.cvv');
    case 'name':
      return m('validation.name.full');
  }
}

/**
 * Puts the server's card refusals beside their fields, as the form's own rules would, and moves
 * focus to the first of them; typing in a field lets the form's rules take over again.
 */
function ServerCardProblems({
  problems,
  acceptedBrands,
  locale,
}: {
  problems: CardProblems;
  acceptedBrands: readonly CardBrand[];
  locale: string;
}) {
  const { setErrors, setTouched, touched } = useFormikContext<CardValues>();
  const shown = useRef<CardProblems | null>(null);
  useEffect(() => {
    if (shown.current === problems) return;
    shown.current = problems;
    const failing = FIELD_ORDER.filter((field) => problems[field] !== undefined);
    if (failing.length === 0) return;
    const errors = Object.fromEntries(
      failing.map((field) => [field, problemMessage(problems[field]!, acceptedBrands, locale)]),
    );
    // Descriptors, as the form's own rules give them (validateWithSchema).
    setErrors(errors);
    void setTouched(
      { ...touched, ...Object.fromEntries(failing.map((field) => [field, true])) },
      false,
    );
    document.getElementById(fieldId(failing[0]!))?.focus();
  }, [problems, acceptedBrands, locale, setErrors, setTouched, touched]);
  return null;
}

/** Pay, greyed while a payment is on its way (it stays focusable: a second press does nothing). */
export const PayButton = styled(PrimaryButton)`
  &[aria-disabled='true'],
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Legend = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  font-size: ${({ theme }) => theme.fontSizes.h2};
`;

/**
 * Expiry and security code side by side, as printed near each other on a card: the form is a
 * row shorter, so Pay is on a phone's first screen once the card is typed. The boxes line up
 * at the bottom although the code's hint is longer.
 */
const CardDates = styled.div`
  display: grid;
  /* As wide as the other fields together; the code's longer hint gets the wider column. */
  grid-template-columns: minmax(0, 10rem) minmax(0, 1fr);
  max-width: 32rem;
  gap: 0 ${({ theme }) => theme.space[4]}px;
  align-items: end;
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
`;
