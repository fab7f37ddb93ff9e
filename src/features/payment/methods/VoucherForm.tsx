import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ApplyVoucherBody } from '@contract/api/paymentMethods';
import type { VoucherKind } from '@contract/api/paymentMethodKinds';
import { PrimaryButton } from '@/components/Button';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { FieldMessageText } from '@/components/form/FieldMessageText';
import { RadioGroupField } from '@/components/form/RadioGroupField';
import { TextField } from '@/components/form/TextField';
import { fieldId } from '@/components/form/fieldIds';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { giftCardSchema, voucherSchema } from '@/components/form/validation/codeSchemas';
import { fieldSpecs } from '@/components/form/validation/fieldSpecs';
import type { ValidationContext } from '@/components/form/validation/validationContext';
import type { PaymentMethodsState } from './paymentMethodsSlice';
import { refusalMessage, VOUCHER_FIELDS } from './voucherMessages';

export interface VoucherValues {
  kind: VoucherKind;
  voucherNumber: string;
  redemptionCode: string;
  giftCardNumber: string;
  accessNumber: string;
}

type Props = {
  context: ValidationContext;
  /** The kinds the buyer may still apply (PaymentMethods.voucherKinds), never empty here. */
  kinds: readonly VoucherKind[];
  apply: PaymentMethodsState['apply'];
  /** Counts applied vouchers: each one clears the fields for the next. */
  appliedCount: number;
  /** A number kept from the promo box: filled in, and the caret waits in the code field. */
  keptNumber: string | null;
  onApply: (body: ApplyVoucherBody) => void;
  /** A voucher went on: focus leaves the emptied fields (leaving one would call it missing). */
  onApplied: () => void;
};

const numberOf = (values: VoucherValues) => values[VOUCHER_FIELDS[values.kind].number];
const codeOf = (values: VoucherValues) => values[VOUCHER_FIELDS[values.kind].code];

/**
 * A choice of kind (when the venue takes both), then the number and its code, checked on the
 * page by the existing schemas (the venue's minVoucherNumberLength, the spec's four messages)
 * and on the server for the pair. A refusal of the server stays beside its field until the
 * buyer changes what was sent; nothing typed is cleared by a refusal.
 */
export function VoucherForm({
  context,
  kinds,
  apply,
  appliedCount,
  keptNumber,
  onApply,
  onApplied,
}: Props) {
  const intl = useIntl();
  const fields = fieldSpecs(context);
  const [initialValues] = useState<VoucherValues>(() => ({
    kind: kinds[0]!,
    voucherNumber: keptNumber ?? '',
    redemptionCode: '',
    giftCardNumber: keptNumber ?? '',
    accessNumber: '',
  }));
  // What was last sent: the server's refusal is about those values, and only while they stand.
  const sent = useRef<VoucherValues | null>(null);
  const schemas = useMemo(
    () => ({
      gift_voucher: validateWithSchema<VoucherValues>(voucherSchema(context)),
      gift_card: validateWithSchema<VoucherValues>(giftCardSchema(context)),
    }),
    [context],
  );
  const validate = useCallback(
    (values: VoucherValues): FormikErrors<VoucherValues> => {
      const errors = schemas[values.kind](values);
      const last = sent.current;
      if (
        apply.status === 'failed' &&
        apply.problem !== null &&
        (apply.field === 'number' || apply.field === 'code') &&
        last !== null &&
        last.kind === values.kind &&
        numberOf(last) === numberOf(values) &&
        codeOf(last) === codeOf(values)
      ) {
        const name = VOUCHER_FIELDS[values.kind][apply.field];
        // Formik types errors as strings; ours are descriptors (validateWithSchema).
        errors[name] ??= refusalMessage(apply.problem, values.kind) as unknown as string;
      }
      return errors;
    },
    [schemas, apply],
  );
  const submit = (values: VoucherValues) => {
    if (apply.status === 'applying') return;
    sent.current = values;
    onApply({ kind: values.kind, number: numberOf(values), code: codeOf(values) });
  };

  return (
    <Formik initialValues={initialValues} validate={validate} onSubmit={submit}>
      {({ values }) => {
        const names = VOUCHER_FIELDS[values.kind];
        return (
          <CheckoutForm aria-labelledby="vouchers-heading">
            {kinds.length > 1 ? (
              <RadioGroupField
                name="kind"
                legend="vouchers.kind.legend"
                options={kinds.map((kind) => ({ value: kind, label: `vouchers.kind.${kind}` }))}
              />
            ) : null}
            <TextField {...fields[names.number]} />
            <TextField {...fields[names.code]} />
            <ServerRefusal apply={apply} appliedCount={appliedCount} onApplied={onApplied} />
            {keptNumber !== null ? <FocusOnArrival field={names.code} /> : null}
            {apply.status === 'failed' && apply.field === 'form' && apply.problem !== null ? (
              <FormProblem role="alert">
                <FieldMessageText message={refusalMessage(apply.problem, values.kind)} />
              </FormProblem>
            ) : null}
            <Status role="status">
              {apply.status === 'applying' ? (
                <FormattedMessage id="vouchers.applying" values={{ kind: values.kind }} />
              ) : null}
            </Status>
            <PrimaryButton type="submit" aria-disabled={apply.status === 'applying' || undefined}>
              {intl.formatMessage({ id: 'vouchers.apply' })}
            </PrimaryButton>
          </CheckoutForm>
        );
      }}
    </Formik>
  );
}

/**
 * When the server answers: a refusal on a field is shown there (the form checks again, which
 * now includes it) with the caret in that field; a voucher applied clears the fields for the
 * next one, keeping the kind.
 */
function ServerRefusal({
  apply,
  appliedCount,
  onApplied,
}: {
  apply: PaymentMethodsState['apply'];
  appliedCount: number;
  onApplied: () => void;
}) {
  const { values, validateForm, setTouched, resetForm } = useFormikContext<VoucherValues>();
  const shownApply = useRef(apply);
  const shownCount = useRef(appliedCount);
  useEffect(() => {
    if (shownCount.current !== appliedCount) {
      const grew = appliedCount > shownCount.current;
      shownCount.current = appliedCount;
      // Focus moves first: the field it leaves is marked visited before the reset clears that.
      if (grew) onApplied();
      if (grew)
        resetForm({
          values: {
            kind: values.kind,
            voucherNumber: '',
            redemptionCode: '',
            giftCardNumber: '',
            accessNumber: '',
          },
        });
    }
    if (shownApply.current === apply) return;
    shownApply.current = apply;
    if (apply.status !== 'failed' || (apply.field !== 'number' && apply.field !== 'code')) return;
    const name = VOUCHER_FIELDS[values.kind][apply.field];
    void setTouched({ [name]: true }, false).then(() => validateForm());
    document.getElementById(fieldId(name))?.focus();
  }, [apply, appliedCount, values.kind, validateForm, setTouched, resetForm, onApplied]);
  return null;
}

/** After the page heading took focus on arrival, the caret goes where the buyer types next. */
function FocusOnArrival({ field }: { field: string }) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    document.getElementById(fieldId(field))?.focus();
  }, [field]);
  return null;
}

const FormProblem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[3]}px;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  &:empty {
    margin: 0;
  }
`;
