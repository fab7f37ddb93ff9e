import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { getVenue } from '@/config/venues';
import { countryOptions } from '@contract/address/countries';
import {
  customerDetailsSchema,
  emptyCustomerDetails,
} from '@/components/form/validation/customerDetailsSchema';
import { fieldSpecs, selectSpecs } from '@/components/form/validation/fieldSpecs';
import { validationContextFor } from '@/components/form/validation/validationContext';
import { renderForm } from '../../../tests/unit/renderForm';
import { CheckboxField } from './CheckboxField';
import { ErrorSummary } from './ErrorSummary';
import { RadioGroupField } from './RadioGroupField';
import { SelectField } from './SelectField';
import { TextField } from './TextField';
import type { ErrorFocus } from './useFocusFirstError';

const VENUE = 'lumen-theatre';
const context = validationContextFor(getVenue(VENUE)!);
const fields = fieldSpecs(context);
const selects = selectSpecs();
const schema = customerDetailsSchema(context, {
  deliveryMethods: ['eTicket', 'post'],
  questions: [],
});

const FIELD_ORDER = [
  'email',
  'emailConfirm',
  'firstName',
  'lastName',
  'phone',
  'deliveryMethod',
  'address.line1',
  'address.line2',
  'address.city',
  'address.postcode',
  'address.country',
  'acceptTerms',
];

/**
 * The details step as a buyer meets it. Email comes first on the page although the schema lists
 * names first: focus must follow the page, not the schema.
 */
async function renderDetails(focusOnError: ErrorFocus = 'field') {
  const onSubmit = vi.fn();
  const view = await renderForm({
    venueSlug: VENUE,
    schema,
    initialValues: emptyCustomerDetails(context, []),
    onSubmit,
    focusOnError,
    children: (
      <>
        <ErrorSummary fields={FIELD_ORDER} />
        <TextField {...fields.email} />
        <TextField {...fields.emailConfirm} />
        <TextField {...fields.firstName} />
        <TextField {...fields.lastName} />
        <TextField {...fields.phone} />
        <RadioGroupField
          name="deliveryMethod"
          legend={{ text: 'How would you like your tickets?' }}
          options={[
            { value: 'eTicket', label: 'delivery.method.eTicket' },
            { value: 'post', label: 'delivery.method.post' },
          ]}
        />
        <TextField {...fields.addressLine1} />
        <TextField {...fields.addressLine2} />
        <TextField {...fields.city} />
        <TextField {...fields.postcode} />
        <SelectField {...selects.country} options={countryOptions('en-GB', 'GB')} />
        <CheckboxField name="acceptTerms" label="customerDetails.terms.label" required />
      </>
    ),
  });
  return { ...view, onSubmit };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue' }));

/** Types into a field the way a buyer pasting or autofilling does: one change, then on. */
async function fill(label: string, text: string) {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.paste(text);
}

// A dozen fields re-render on every keystroke in jsdom; on a busy 2-core machine that takes seconds.
describe('CheckoutForm', { timeout: 30_000 }, () => {
  it('keeps every value and focuses the first invalid field on the page after a failed submit', async () => {
    const { onSubmit } = await renderDetails();
    await fill('Email address', 'ada@example.com');
    await fill('Confirm email address', 'ada@example.org');
    await fill('First name', 'Ada');
    await fill('Phone number', '020 7946 0123');
    await userEvent.click(screen.getByLabelText('Post'));
    await fill('Address line 1', '1 Lumen Street');
    await fill('Postcode', 'sw1a2aa');
    await userEvent.click(screen.getByLabelText('I accept the Terms and Conditions'));

    await submit();

    // The confirmation is wrong and sits above the empty last name: it is the first problem.
    // Formik validates asynchronously; focus moves once the failed submit has settled.
    await waitFor(() => expect(screen.getByLabelText('Confirm email address')).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Confirm email address')).toHaveAccessibleDescription(
      'Email address does not match',
    );
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
      'Please enter your last name',
    );
    expect(screen.getByLabelText('Town/city')).toHaveAccessibleDescription(
      'Please enter your city',
    );
    // Nothing typed was lost.
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Confirm email address')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone number')).toHaveValue('020 7946 0123');
    expect(screen.getByLabelText('Post')).toBeChecked();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Lumen Street');
    expect(screen.getByLabelText('Postcode')).toHaveValue('sw1a2aa');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByLabelText('I accept the Terms and Conditions')).toBeChecked();

    // Fixing the confirmation moves the next failed submit on to the next problem.
    await userEvent.clear(screen.getByLabelText('Confirm email address'));
    await fill('Confirm email address', 'ada@example.com');
    await submit();
    // Formik validates asynchronously; focus moves once the failed submit has settled.
    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());

    await fill('Last name', 'Lovelace');
    await fill('Town/city', 'London');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      deliveryMethod: 'post',
      address: { line1: '1 Lumen Street', city: 'London', postcode: 'sw1a2aa', country: 'GB' },
      acceptTerms: true,
    });
  });

  it('focuses the first radio of an unanswered group', async () => {
    await renderDetails();
    await fill('Email address', 'ada@example.com');
    await fill('Confirm email address', 'ada@example.com');
    await fill('First name', 'Ada');
    await fill('Last name', 'Lovelace');
    await fill('Phone number', '07912 345678');
    await submit();
    // Formik validates asynchronously; focus moves once the failed submit has settled.
    await waitFor(() => expect(screen.getByLabelText('eTicket')).toHaveFocus());
    expect(
      screen.getByRole('group', { name: 'How would you like your tickets?' }),
    ).toHaveAccessibleDescription('Please select a delivery method');
  });

  it('can send focus to an error summary that lists every problem in page order and links to each field', async () => {
    await renderDetails('summary');
    await fill('First name', 'Ada');
    await submit();

    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    // Formik validates asynchronously; focus moves once the failed submit has settled.
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Please enter a valid email address',
      'Please confirm your email address',
      'Please enter your last name',
      'Please enter a valid phone number',
      'Please select a delivery method',
      'Please accept the Terms and Conditions',
    ]);

    await userEvent.click(
      within(summary).getByRole('link', { name: 'Please enter a valid phone number' }),
    );
    // Formik validates asynchronously; focus moves once the failed submit has settled.
    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveFocus());
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });

  it('shows no summary before the first submit', async () => {
    await renderDetails('summary');
    await userEvent.click(screen.getByLabelText('Email address'));
    await userEvent.tab();
    expect(screen.queryByRole('heading', { name: 'There is a problem' })).toBeNull();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
  });

  it('gives every control a name and links hints and errors, with no axe violations after a failed submit', async () => {
    const { container } = await renderDetails('summary');
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
        'For a number outside the UK, start with its country code, for example +1. Please enter a valid phone number',
      ),
    );
    expect(screen.getByLabelText('Email address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('inputmode', 'email');
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Address line 1')).toHaveAttribute(
      'autocomplete',
      'address-line1',
    );
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByLabelText('Address line 2 (optional)')).not.toHaveAttribute('aria-required');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-required', 'true');
    // Colour contrast needs layout jsdom does not do; formColours' tests cover it.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
