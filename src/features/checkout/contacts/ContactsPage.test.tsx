import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import axe from 'axe-core';
import { CHECKOUT_PATHS } from '@/config/paths';
import { detailsFake, resetDetails } from '../../../../tests/msw/details';
import { resetInventory } from '../../../../tests/msw/inventory';
import { server, useMswServer } from '../../../../tests/msw/server';
import { HOLD_ID, findStep, renderStep } from '../../../../tests/msw/detailsCheckout';

useMswServer();
beforeEach(() => {
  resetInventory();
  resetDetails();
});

const CONTACTS = CHECKOUT_PATHS.contacts;

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const box = screen.getByLabelText(label);
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

async function fillContact(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await fill(user, 'First name', ' Ada ');
  await fill(user, 'Last name', 'Lovelace');
  await fill(user, 'Email address', 'ada@example.com');
  await fill(user, 'Confirm email address', 'ADA@example.com ');
  await fill(user, 'Phone number', phone);
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Continue' }));

describe('the contacts step', { timeout: 60_000 }, () => {
  it('asks who the buyer is, the venue’s questions, the terms and the email choices, then goes to payment', async () => {
    const user = userEvent.setup();
    const { history } = renderStep(CONTACTS, 'lumen-theatre');
    await findStep('Contact details');
    expect(screen.getByText('How can we reach you about your booking?')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'For a number outside the UK, start with its country code, for example +1.',
    );
    // The Lumen's own questions, in its words: free text is a text box, an optional choice a list.
    const access = screen.getByLabelText(
      'Do you have any access requirements we should know about before your visit? (optional)',
    );
    expect(access.tagName).toBe('TEXTAREA');
    const heard = screen.getByLabelText('How did you hear about us? (optional)');
    expect(heard.tagName).toBe('SELECT');
    expect(
      screen.getByRole('link', { name: 'Read the terms of sale (opens in a new tab)' }),
    ).toHaveAttribute('href', expect.stringMatching(/\/legal\/terms-of-sale$/));
    const emails = screen.getByRole('group', { name: 'Emails from us' });
    expect(
      within(emails)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual([
      'Email me news and offers from The Lumen Theatre',
      "Don't email me about similar shows and events",
      "Don't email me a reminder if I leave tickets in my basket",
    ]);
    for (const box of within(emails).getAllByRole('checkbox')) expect(box).not.toBeChecked();

    await fillContact(user, '020 7946 0123');
    await user.type(access, '  Step-free access, please ');
    await user.selectOptions(heard, 'Social media');
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await user.click(
      within(emails).getByLabelText("Don't email me about similar shows and events"),
    );
    await submit(user);

    await waitFor(() => expect(history.location.pathname).toBe(CHECKOUT_PATHS.payment));
    expect(detailsFake.puts).toEqual([
      {
        contact: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          phone: '020 7946 0123',
        },
        answers: {
          'access-requirements': 'Step-free access, please',
          'heard-about': 'Social media',
        },
        consents: {
          termsAccepted: true,
          marketingOptIn: false,
          pecrOptOut: true,
          abandonedBasketOptOut: false,
        },
      },
    ]);
  });

  it('moves focus to the first problem, keeps every value and lists the problems in page order', async () => {
    const user = userEvent.setup();
    renderStep(CONTACTS, 'lumen-theatre');
    await findStep('Contact details');
    await fill(user, 'First name', 'Ada');
    await fill(user, 'Email address', 'ada@example.com');
    await fill(user, 'Confirm email address', 'ada@example.org');
    await fill(user, 'Phone number', '12345');
    await submit(user);

    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
    const summary = screen.getByRole('heading', { name: 'There is a problem' }).parentElement!;
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Please enter your last name',
      'Email address does not match',
      'Please enter a valid phone number',
      'Please accept the Terms and Conditions',
    ]);
    expect(screen.getByLabelText('Confirm email address')).toHaveAccessibleDescription(
      'Email address does not match',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Confirm email address')).toHaveValue('ada@example.org');
    expect(screen.getByLabelText('Phone number')).toHaveValue('12345');
    expect(detailsFake.puts).toEqual([]);
  });

  it('asks a required question with radios or a text box, and shows the server’s refusal of an answer', async () => {
    detailsFake.options = {
      questions: [
        {
          id: 'party',
          kind: 'choice',
          label: 'Who are you coming with?',
          required: true,
          options: ['Alone', 'Friends', 'Family'],
        },
        { id: 'occasion', kind: 'text', label: 'What is the occasion?', required: true },
      ],
    };
    const user = userEvent.setup();
    renderStep(CONTACTS, 'northern-playhouse');
    await findStep('Contact details');
    await fillContact(user, '0161 496 0000');
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await submit(user);

    const party = screen.getByRole('group', { name: 'Who are you coming with?' });
    await waitFor(() => expect(within(party).getByLabelText('Alone')).toHaveFocus());
    expect(party).toHaveAccessibleDescription('Please select an answer');
    expect(screen.getByLabelText('What is the occasion?')).toHaveAccessibleDescription(
      'Please write your answer here',
    );

    detailsFake.refuseFields = ['answers.occasion'];
    await user.click(within(party).getByLabelText('Family'));
    await fill(user, 'What is the occasion?', 'A birthday');
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('What is the occasion?')).toHaveFocus());
    expect(screen.getByLabelText('What is the occasion?')).toHaveAccessibleDescription(
      'Please write your answer here',
    );
    expect(screen.getByLabelText('What is the occasion?')).toHaveValue('A birthday');
  });

  it('shows only the email choices the venue asks, in US English at a US venue', async () => {
    renderStep(CONTACTS, 'lone-star-theater');
    await findStep('Contact details');
    const emails = screen.getByRole('group', { name: 'Emails from us' });
    expect(within(emails).queryByLabelText(/news and offers/)).toBeNull();
    expect(
      within(emails).getByLabelText("Don't email me a reminder if I leave tickets in my cart"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      'For a number outside the US, start with its country code, for example +44.',
    );
    cleanup();

    renderStep(CONTACTS, 'northern-playhouse');
    await findStep('Contact details');
    expect(screen.queryByLabelText("Don't email me about similar shows and events")).toBeNull();
  });

  it('opens with what was saved after a reload, the email already confirmed', async () => {
    detailsFake.stored.set(HOLD_ID, {
      delivery: { method: 'eTicket', address: null },
      contact: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '07700 900123',
      },
      answers: { 'heard-about': 'Other' },
      consents: {
        termsAccepted: true,
        marketingOptIn: true,
        pecrOptOut: false,
        abandonedBasketOptOut: true,
      },
    });
    renderStep(CONTACTS, 'lumen-theatre');
    await findStep('Contact details');
    expect(await screen.findByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Confirm email address')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('07700 900123');
    expect(screen.getByLabelText('How did you hear about us? (optional)')).toHaveValue('Other');
    expect(screen.getByLabelText('I accept the Terms and Conditions')).toBeChecked();
    expect(screen.getByLabelText('Email me news and offers from The Lumen Theatre')).toBeChecked();
    expect(
      screen.getByLabelText("Don't email me a reminder if I leave tickets in my basket"),
    ).toBeChecked();
  });

  it('says the changes were not saved when the server fails, and keeps the form as it was', async () => {
    server.use(
      http.put('/api/:region/holds/:holdId/details', () =>
        HttpResponse.json({ code: 'internal_error', message: 'oops' }, { status: 500 }),
      ),
    );
    const user = userEvent.setup();
    const { history } = renderStep(CONTACTS, 'lumen-theatre');
    await findStep('Contact details');
    await fillContact(user, '020 7946 0123');
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your changes were not saved. Please try again.',
    );
    expect(history.location.pathname).toBe(CONTACTS);
    expect(screen.getByLabelText('Last name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('I accept the Terms and Conditions')).toBeChecked();
  });

  it('has no axe violations after a failed submit', async () => {
    const user = userEvent.setup();
    const { container } = renderStep(CONTACTS, 'lumen-theatre');
    await findStep('Contact details');
    await submit(user);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveFocus());
    // Colour contrast needs layout jsdom does not do; formColours' tests cover it.
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
