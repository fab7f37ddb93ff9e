import { useEffect, useMemo, useRef, useState } from 'react';
import { Formik, useFormikContext, type FormikErrors } from 'formik';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { boolean, lazy, object } from 'yup';
import '@/components/form/validation/yupLocale';
import { US_STATES, countryOptions } from '@contract/address/countries';
import type { Profile, ProfileBody } from '@contract/api/members';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { PrimaryButton } from '@/components/Button';
import { CheckboxField } from '@/components/form/CheckboxField';
import { CheckoutForm } from '@/components/form/CheckoutForm';
import { Fieldset, FieldRow, Legend } from '@/components/form/FieldParts';
import { SelectField } from '@/components/form/SelectField';
import { TextField } from '@/components/form/TextField';
import { fieldId } from '@/components/form/fieldIds';
import { validateWithSchema } from '@/components/form/validateWithSchema';
import { addressSchema } from '@/components/form/validation/addressSchema';
import {
  firstNameSchema,
  lastNameSchema,
  optionalPhoneSchema,
} from '@/components/form/validation/contactSchema';
import {
  emptyAddress,
  type AddressValues,
} from '@/components/form/validation/customerDetailsSchema';
import { fieldMessage as m, type FieldMessage } from '@/components/form/validation/fieldMessage';
import { fieldSpecs, selectSpecs } from '@/components/form/validation/fieldSpecs';
import type { ValidationContext } from '@/components/form/validation/validationContext';
import { profileSaveRequested, selectProfileSave } from './accountSlice';

export type ProfileValues = {
  firstName: string;
  lastName: string;
  phone: string;
  address: AddressValues;
  marketingOptIn: boolean;
};

const STATE_OPTIONS = US_STATES.map(([value, label]) => ({ value, label }));

function blankAddress(address: AddressValues): boolean {
  return [address.line1, address.line2, address.city, address.postcode].every(
    (part) => part.trim() === '',
  );
}

/**
 * Names as at checkout; the phone and a home address are optional (a new account has neither),
 * the phone judged as at checkout once typed, the address whole once begun.
 */
function profileSchema(context: ValidationContext) {
  return object({
    firstName: firstNameSchema(),
    lastName: lastNameSchema(),
    phone: optionalPhoneSchema(context),
    address: lazy((value: AddressValues) =>
      blankAddress(value) ? object() : addressSchema(context),
    ),
    marketingOptIn: boolean(),
  });
}

export function profileValues(profile: Profile, context: ValidationContext): ProfileValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    address: profile.address ? { ...profile.address } : emptyAddress(context),
    marketingOptIn: profile.marketingOptIn,
  };
}

function profileBody(
  values: ProfileValues,
  venue: string,
  context: ValidationContext,
): ProfileBody {
  const { address } = values;
  const phone = values.phone.trim();
  return {
    venue,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: phone === '' ? null : phone,
    address: blankAddress(address)
      ? null
      : {
          line1: address.line1.trim(),
          line2: address.line2.trim(),
          city: address.city.trim(),
          state: context.homeCountry === 'US' ? address.state : '',
          postcode: address.postcode.trim(),
          country: address.country,
        },
    marketingOptIn: values.marketingOptIn,
  };
}

type Props = { profile: Profile; venue: string; context: ValidationContext };

/**
 * The member's names, phone, home address and marketing choice. A refused save says "Your
 * changes were not saved." above the button, marks the fields the service named, and keeps
 * everything as typed (Formik never resets on a failure; the profile read does not replace it).
 */
export function ProfileForm({ profile, venue, context }: Props) {
  const dispatch = useAppDispatch();
  const save = useAppSelector(selectProfileSave);
  const validate = useMemo(
    () => validateWithSchema<ProfileValues>(profileSchema(context)),
    [context],
  );
  // The form opens with the profile read once; a later answer never overwrites what is typed.
  const [initialValues] = useState(() => profileValues(profile, context));
  const fields = fieldSpecs(context);
  const selects = selectSpecs();
  const countries = useMemo(
    () => countryOptions(context.locale, context.homeCountry),
    [context.locale, context.homeCountry],
  );

  return (
    <Formik
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => {
        if (save.status !== 'saving')
          dispatch(profileSaveRequested(profileBody(values, venue, context)));
      }}
    >
      <CheckoutForm>
        <TextField {...fields.firstName} />
        <TextField {...fields.lastName} />
        <TextField {...fields.phone} required={false} />
        <FieldRow>
          <Fieldset>
            <Legend>
              <FormattedMessage id="myAccount.profile.address.legend" />
            </Legend>
            <TextField {...fields.addressLine1} required={false} />
            <TextField {...fields.addressLine2} />
            <TextField {...fields.city} required={false} />
            {context.homeCountry === 'US' ? (
              <SelectField {...selects.state} options={STATE_OPTIONS} />
            ) : null}
            <TextField {...fields.postcode} required={false} />
            <SelectField {...selects.country} options={countries} />
          </Fieldset>
        </FieldRow>
        <CheckboxField name="marketingOptIn" label="myAccount.profile.marketing" />
        <ServerRefusals fields={save.status === 'failed' ? save.fields : null} />
        <div role="status">
          {save.status === 'saved' ? <FormattedMessage id="myAccount.profile.saved" /> : null}
        </div>
        {save.status === 'failed' ? (
          <Problem role="alert">
            <FormattedMessage id="customer.update.failed" />
          </Problem>
        ) : null}
        <PrimaryButton type="submit" aria-disabled={save.status === 'saving' || undefined}>
          <FormattedMessage id="myAccount.profile.save" />
        </PrimaryButton>
      </CheckoutForm>
    </Formik>
  );
}

/** The fields the service refused, marked as the form's own rules would mark them. */
function ServerRefusals({ fields }: { fields: readonly string[] | null }) {
  const { setErrors, setTouched, touched } = useFormikContext<ProfileValues>();
  const shown = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (fields === null || shown.current === fields || fields.length === 0) return;
    shown.current = fields;
    const message: FieldMessage = m('validation.field.invalid');
    let errors: FormikErrors<ProfileValues> = {};
    for (const field of fields) {
      const [top, inner] = field.split('.');
      if (top === 'address' && inner !== undefined)
        errors = { ...errors, address: { ...(errors.address as object), [inner]: message } };
      else if (top !== undefined) errors = { ...errors, [top]: message };
    }
    setErrors(errors);
    void setTouched({ ...touched, ...Object.fromEntries(fields.map((f) => [f, true])) }, false);
    document.getElementById(fieldId(fields[0]!))?.focus();
  }, [fields, setErrors, setTouched, touched]);
  return null;
}

const Problem = styled.p`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.error};
`;
