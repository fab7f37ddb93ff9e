import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schema } from 'yup';
import { object } from 'yup';
import { getVenue } from '@/config/venues';
import { addressSchema, postcodeLookupSchema } from '@/components/form/validation/addressSchema';
import { cardSchema } from '@/components/form/validation/cardSchema';
import {
  deliveryMethodSchema,
  paymentMethodSchema,
  termsSchema,
} from '@/components/form/validation/choiceSchemas';
import {
  giftCardSchema,
  promoCodeSchema,
  voucherSchema,
} from '@/components/form/validation/codeSchemas';
import { contactSchema } from '@/components/form/validation/contactSchema';
import { US_STATES, countryOptions } from '@contract/address/countries';
import { fieldSpecs, selectSpecs } from '@/components/form/validation/fieldSpecs';
import { answersSchema } from '@/components/form/validation/questionsSchema';
import { validationContextFor } from '@/components/form/validation/validationContext';
import { renderForm } from '../../../tests/unit/renderForm';
import { CheckboxField } from './CheckboxField';
import { RadioGroupField } from './RadioGroupField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

/**
 * Spec §5, word for word: each message appears under its field, read with it, for the input
 * that earns it — at a UK venue in en-GB and a US venue in en-US (postcode vs ZIP wording).
 */

const UK_VENUE = 'lumen-theatre';
const US_VENUE = 'hudson-stage';
// 15 June 2026, so "12/25" is a past year and "13/28" a bad month whatever day the test runs.
const now = () => new Date(Date.UTC(2026, 5, 15, 12));

type Form = { schema: Schema; initialValues: Record<string, unknown>; fields: ReactNode };
type FormKind =
  | 'contact'
  | 'address'
  | 'lookup'
  | 'card'
  | 'amexCard'
  | 'choices'
  | 'questions'
  | 'voucher'
  | 'giftCard'
  | 'promo';

function formFor(kind: FormKind, venueSlug: string): Form {
  const context = validationContextFor(getVenue(venueSlug)!);
  const fields = fieldSpecs(context);
  const selects = selectSpecs();
  switch (kind) {
    case 'contact':
      return {
        schema: contactSchema(context),
        initialValues: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          emailConfirm: 'ada@example.com',
          phone: context.homeCountry === 'GB' ? '020 7946 0123' : '(212) 555-0100',
        },
        fields: (
          <>
            <TextField {...fields.firstName} />
            <TextField {...fields.lastName} />
            <TextField {...fields.email} />
            <TextField {...fields.emailConfirm} />
            <TextField {...fields.phone} />
          </>
        ),
      };
    case 'address':
      return {
        schema: object({ address: addressSchema(context) }),
        initialValues: {
          address:
            context.homeCountry === 'GB'
              ? {
                  line1: '1 Lumen Street',
                  line2: '',
                  city: 'London',
                  state: '',
                  postcode: 'SW1A 2AA',
                  country: 'GB',
                }
              : {
                  line1: '1 Broadway',
                  line2: '',
                  city: 'New York',
                  state: 'NY',
                  postcode: '10036',
                  country: 'US',
                },
        },
        fields: (
          <>
            <TextField {...fields.addressLine1} />
            <TextField {...fields.addressLine2} />
            <TextField {...fields.city} />
            {context.homeCountry === 'US' && (
              <SelectField
                {...selects.state}
                options={US_STATES.map(([value, label]) => ({ value, label }))}
              />
            )}
            <TextField {...fields.postcode} />
            <SelectField
              {...selects.country}
              options={countryOptions(context.locale, context.homeCountry)}
            />
          </>
        ),
      };
    case 'lookup':
      return {
        schema: postcodeLookupSchema(context),
        initialValues: { lookupPostcode: '' },
        fields: <TextField {...fields.lookupPostcode} />,
      };
    case 'card':
    case 'amexCard':
      return {
        schema: cardSchema(context, {
          now,
          acceptedBrands: kind === 'amexCard' ? ['amex'] : undefined,
        }),
        initialValues: {
          cardNumber: '4111 1111 1111 1111',
          cardName: 'Ada Lovelace',
          expiry: '12/28',
          cvv: '123',
        },
        fields: (
          <>
            <TextField {...fields.cardNumber} />
            <TextField {...fields.cardName} />
            <TextField {...fields.expiry} />
            <TextField {...fields.cvv} />
          </>
        ),
      };
    case 'choices':
      return {
        schema: object({
          deliveryMethod: deliveryMethodSchema(['eTicket', 'post']),
          paymentMethod: paymentMethodSchema(['card']),
          acceptTerms: termsSchema(),
        }),
        initialValues: { deliveryMethod: 'eTicket', paymentMethod: 'card', acceptTerms: true },
        fields: (
          <>
            <RadioGroupField
              name="deliveryMethod"
              legend={{ text: 'How would you like your tickets?' }}
              options={[
                { value: 'eTicket', label: 'delivery.method.eTicket' },
                { value: 'post', label: 'delivery.method.post' },
              ]}
            />
            <RadioGroupField
              name="paymentMethod"
              legend={{ text: 'How would you like to pay?' }}
              options={[{ value: 'card', label: { text: 'Card' } }]}
            />
            <CheckboxField name="acceptTerms" label="customerDetails.terms.label" required />
          </>
        ),
      };
    case 'questions':
      return {
        schema: object({
          answers: answersSchema([
            { id: 'heardFrom', kind: 'choice', required: true, options: ['Radio', 'A friend'] },
            { id: 'access', kind: 'text', required: true },
          ]),
        }),
        initialValues: { answers: { heardFrom: 'Radio', access: 'None' } },
        fields: (
          <>
            <RadioGroupField
              name="answers.heardFrom"
              legend={{ text: 'How did you hear about us?' }}
              options={[
                { value: 'Radio', label: { text: 'Radio' } },
                { value: 'A friend', label: { text: 'A friend' } },
              ]}
            />
            <TextField name="answers.access" label={{ text: 'Access requirements' }} />
          </>
        ),
      };
    case 'voucher':
      return {
        schema: voucherSchema(context),
        initialValues: { voucherNumber: 'AB12CD34', redemptionCode: 'R1' },
        fields: (
          <>
            <TextField {...fields.voucherNumber} />
            <TextField {...fields.redemptionCode} />
          </>
        ),
      };
    case 'giftCard':
      return {
        schema: giftCardSchema(context),
        initialValues: { giftCardNumber: 'GC12345678', accessNumber: '1234' },
        fields: (
          <>
            <TextField {...fields.giftCardNumber} />
            <TextField {...fields.accessNumber} />
          </>
        ),
      };
    case 'promo':
      return {
        schema: promoCodeSchema(),
        initialValues: { promoCode: 'SPRING24' },
        fields: <TextField {...fields.promoCode} />,
      };
  }
}

type Target = { label: string } | { group: string };
type Case = [
  venue: string,
  kind: FormKind,
  values: Record<string, unknown>,
  target: Target,
  message: string,
];

const CVV =
  "Please enter your card's CVV number (3 digits on the back; 4 digits on the front for American Express)";
const UK_ADDRESS = {
  line1: '1 Lumen Street',
  line2: '',
  city: 'London',
  state: '',
  postcode: 'SW1A 2AA',
  country: 'GB',
};
const US_ADDRESS = {
  line1: '1 Broadway',
  line2: '',
  city: 'New York',
  state: 'NY',
  postcode: '10036',
  country: 'US',
};
const uk = (change: Record<string, string>) => ({ address: { ...UK_ADDRESS, ...change } });
const us = (change: Record<string, string>) => ({ address: { ...US_ADDRESS, ...change } });

const CASES: Case[] = [
  // Names, email, phone
  [UK_VENUE, 'contact', { firstName: '' }, { label: 'First name' }, 'Please enter your first name'],
  [UK_VENUE, 'contact', { lastName: ' ' }, { label: 'Last name' }, 'Please enter your last name'],
  [
    UK_VENUE,
    'contact',
    { email: 'ada@example', emailConfirm: 'ada@example' },
    { label: 'Email address' },
    'Please enter a valid email address',
  ],
  [
    UK_VENUE,
    'contact',
    { emailConfirm: '' },
    { label: 'Confirm email address' },
    'Please confirm your email address',
  ],
  [
    UK_VENUE,
    'contact',
    { emailConfirm: 'ada@example.org' },
    { label: 'Confirm email address' },
    'Email address does not match',
  ],
  [
    UK_VENUE,
    'contact',
    { phone: '12345' },
    { label: 'Phone number' },
    'Please enter a valid phone number',
  ],
  [
    UK_VENUE,
    'contact',
    { phone: '(212) 555-0100' },
    { label: 'Phone number' },
    'Please enter a valid phone number',
  ],
  [US_VENUE, 'contact', { firstName: '' }, { label: 'First name' }, 'Please enter your first name'],
  [US_VENUE, 'contact', { lastName: '' }, { label: 'Last name' }, 'Please enter your last name'],
  [
    US_VENUE,
    'contact',
    { email: 'ada', emailConfirm: 'ada' },
    { label: 'Email address' },
    'Please enter a valid email address',
  ],
  [
    US_VENUE,
    'contact',
    { emailConfirm: '' },
    { label: 'Confirm email address' },
    'Please confirm your email address',
  ],
  [
    US_VENUE,
    'contact',
    { emailConfirm: 'bob@example.com' },
    { label: 'Confirm email address' },
    'Email address does not match',
  ],
  [
    US_VENUE,
    'contact',
    { phone: '020 7946 0123' },
    { label: 'Phone number' },
    'Please enter a valid phone number',
  ],
  // Card
  [
    UK_VENUE,
    'card',
    { cardName: 'Ada' },
    { label: 'Name on card' },
    'Please enter your first and last name',
  ],
  [
    UK_VENUE,
    'card',
    { cardNumber: '4111 1111 1111 1112' },
    { label: 'Card number' },
    'Please enter a valid credit card number',
  ],
  [
    UK_VENUE,
    'amexCard',
    {},
    { label: 'Card number' },
    'Please enter a valid American Express card number',
  ],
  [
    UK_VENUE,
    'card',
    { cardNumber: '3782 822463 10005', cvv: '123' },
    { label: 'Security code (CVV)' },
    CVV,
  ],
  [UK_VENUE, 'card', { cvv: '1234' }, { label: 'Security code (CVV)' }, CVV],
  [
    UK_VENUE,
    'card',
    { expiry: '13/28' },
    { label: 'Expiry date' },
    'Please enter a valid month for your expiration date',
  ],
  [
    UK_VENUE,
    'card',
    { expiry: '12/25' },
    { label: 'Expiry date' },
    'Please enter a valid expiration year',
  ],
  [
    US_VENUE,
    'card',
    { cardName: '' },
    { label: 'Name on card' },
    'Please enter your first and last name',
  ],
  [
    US_VENUE,
    'card',
    { cardNumber: '5555 5555 5555 4445' },
    { label: 'Card number' },
    'Please enter a valid credit card number',
  ],
  [
    US_VENUE,
    'amexCard',
    { cardNumber: '5555 5555 5555 4444' },
    { label: 'Card number' },
    'Please enter a valid American Express card number',
  ],
  [
    US_VENUE,
    'card',
    { cardNumber: '3782 822463 10005', cvv: '123' },
    { label: 'Security code (CVV)' },
    CVV,
  ],
  [
    US_VENUE,
    'card',
    { expiry: '13/28' },
    { label: 'Expiration date' },
    'Please enter a valid month for your expiration date',
  ],
  [
    US_VENUE,
    'card',
    { expiry: '12/20' },
    { label: 'Expiration date' },
    'Please enter a valid expiration year',
  ],
  // Selections
  [
    UK_VENUE,
    'choices',
    { paymentMethod: '' },
    { group: 'How would you like to pay?' },
    'Please select a payment method',
  ],
  [
    UK_VENUE,
    'choices',
    { deliveryMethod: '' },
    { group: 'How would you like your tickets?' },
    'Please select a delivery method',
  ],
  [
    UK_VENUE,
    'choices',
    { acceptTerms: false },
    { label: 'I accept the Terms and Conditions' },
    'Please accept the Terms and Conditions',
  ],
  [
    US_VENUE,
    'choices',
    { paymentMethod: '' },
    { group: 'How would you like to pay?' },
    'Please select a payment method',
  ],
  [
    US_VENUE,
    'choices',
    { deliveryMethod: '' },
    { group: 'How would you like your tickets?' },
    'Please select a delivery method',
  ],
  [
    US_VENUE,
    'choices',
    { acceptTerms: false },
    { label: 'I accept the Terms and Conditions' },
    'Please accept the Terms and Conditions',
  ],
  // Vouchers and promo codes
  [
    UK_VENUE,
    'voucher',
    { voucherNumber: 'A' },
    { label: 'Voucher number' },
    'Please enter your voucher number',
  ],
  [
    UK_VENUE,
    'voucher',
    { redemptionCode: '' },
    { label: 'Redemption code' },
    'Please enter your redemption code',
  ],
  [
    UK_VENUE,
    'giftCard',
    { giftCardNumber: '' },
    { label: 'Gift card number' },
    'Please enter your gift card number',
  ],
  [
    UK_VENUE,
    'giftCard',
    { accessNumber: '' },
    { label: 'Gift card access number' },
    'Please enter your gift card access number',
  ],
  [
    US_VENUE,
    'voucher',
    { voucherNumber: 'AB12' },
    { label: 'Voucher number' },
    'Please enter your voucher number',
  ],
  [
    US_VENUE,
    'giftCard',
    { accessNumber: ' ' },
    { label: 'Gift card access number' },
    'Please enter your gift card access number',
  ],
  [
    UK_VENUE,
    'promo',
    { promoCode: 'SPRING SALE' },
    { label: 'Promo code' },
    'Please enter a valid promo code',
  ],
  [
    US_VENUE,
    'promo',
    { promoCode: '' },
    { label: 'Promo code' },
    'Please enter a valid promo code',
  ],
  // Questions
  [
    UK_VENUE,
    'questions',
    { answers: { heardFrom: '', access: 'None' } },
    { group: 'How did you hear about us?' },
    'Please select an answer',
  ],
  [
    UK_VENUE,
    'questions',
    { answers: { heardFrom: 'Radio', access: '' } },
    { label: 'Access requirements' },
    'Please write your answer here',
  ],
  [
    US_VENUE,
    'questions',
    { answers: { heardFrom: 'A friend', access: '' } },
    { label: 'Access requirements' },
    'Please write your answer here',
  ],
  [
    US_VENUE,
    'questions',
    { answers: { heardFrom: '', access: 'None' } },
    { group: 'How did you hear about us?' },
    'Please select an answer',
  ],
  // Address, UK wording
  [
    UK_VENUE,
    'address',
    uk({ line1: '' }),
    { label: 'Address line 1' },
    'Please enter your address',
  ],
  [UK_VENUE, 'address', uk({ city: '' }), { label: 'Town/city' }, 'Please enter your city'],
  [
    UK_VENUE,
    'address',
    uk({ city: 'x'.repeat(41) }),
    { label: 'Town/city' },
    'City must not be more than 40 characters long.',
  ],
  [UK_VENUE, 'address', uk({ postcode: '' }), { label: 'Postcode' }, 'Please enter a postcode'],
  [
    UK_VENUE,
    'address',
    uk({ postcode: '90210' }),
    { label: 'Postcode' },
    'Valid UK postcodes only',
  ],
  [
    UK_VENUE,
    'address',
    uk({ postcode: 'SW1A 2A' }),
    { label: 'Postcode' },
    'Please enter a valid postcode',
  ],
  [
    UK_VENUE,
    'address',
    uk({ country: 'FR', postcode: '75001' }),
    { label: 'Country' },
    'We can only post tickets to addresses in the UK. Please enter a UK address or choose another way to get your tickets.',
  ],
  [
    UK_VENUE,
    'lookup',
    { lookupPostcode: '' },
    { label: 'Find your address by postcode' },
    'Please enter your postcode',
  ],
  // Address, US wording
  [
    US_VENUE,
    'address',
    us({ line1: '' }),
    { label: 'Address line 1' },
    'Please enter your address',
  ],
  [US_VENUE, 'address', us({ city: '' }), { label: 'City' }, 'Please enter your city'],
  [
    US_VENUE,
    'address',
    us({ city: 'y'.repeat(41) }),
    { label: 'City' },
    'City must not be more than 40 characters long.',
  ],
  [
    US_VENUE,
    'address',
    us({ city: 'New York 10' }),
    { label: 'City' },
    'Please enter a valid City name',
  ],
  [US_VENUE, 'address', us({ state: '' }), { label: 'State' }, 'Please select your state'],
  [US_VENUE, 'address', us({ postcode: '' }), { label: 'ZIP code' }, 'Please enter a ZIP code'],
  [
    US_VENUE,
    'address',
    us({ postcode: 'SW1A 2AA' }),
    { label: 'ZIP code' },
    'Valid US ZIP codes only',
  ],
  [
    US_VENUE,
    'address',
    us({ postcode: '1003' }),
    { label: 'ZIP code' },
    'Please enter a valid ZIP code',
  ],
  [
    US_VENUE,
    'address',
    us({ country: 'GB', postcode: 'SW1A 2AA' }),
    { label: 'Country' },
    'We can only mail tickets to addresses in the US. Please enter a US address or choose another way to get your tickets.',
  ],
  [
    US_VENUE,
    'lookup',
    { lookupPostcode: '' },
    { label: 'Find your address by ZIP code' },
    'Please enter your ZIP code',
  ],
];

function control(target: Target): HTMLElement {
  return 'label' in target
    ? screen.getByLabelText(target.label)
    : screen.getByRole('group', { name: target.group });
}

describe('validation messages on screen', () => {
  it.each(CASES)('%s %s %j: %j says %j', async (venue, kind, values, target, message) => {
    const form = formFor(kind, venue);
    await renderForm({
      venueSlug: venue,
      schema: form.schema,
      initialValues: { ...form.initialValues, ...values },
      children: form.fields,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const error = await screen.findByText(message);
    const field = control(target);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    if ('label' in target) expect(field).toHaveAttribute('aria-invalid', 'true');
    // Only the field that is wrong complains.
    expect(document.querySelectorAll('[id$="-error"]')).toHaveLength(1);
  });

  it('shows nothing while the buyer types, only once they leave the field', async () => {
    const form = formFor('contact', UK_VENUE);
    await renderForm({
      venueSlug: UK_VENUE,
      schema: form.schema,
      initialValues: { ...form.initialValues, email: '' },
      children: form.fields,
    });
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'ada@exa');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });
});
