import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import type { CreateAccountBody } from '@contract/api/accounts';
import type { OrderView } from '@contract/api/orders';
import { CSRF_HEADER } from '@contract/api/constants';
import { passwordProblem } from '@contract/passwords';
import type { RootState } from '@/app/store';
import { apiError } from '../../../tests/msw/handlers';
import { CSRF } from '../../../tests/msw/inventory';
import { renderWithProviders } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';
import { SignUpPanel } from './SignUpPanel';

useMswServer();

const ORDER_ID = '0D0E0000-0000-4000-8000-000000000001';
const GOOD_PASSWORD = 'velvet curtain at nine';

function orderAt(venueSlug: string, email = 'Jane.Doe@example.com'): OrderView {
  return {
    id: ORDER_ID,
    number: 'SD-7K3QF9XM',
    status: 'confirmed',
    customer: { firstName: 'Jane', lastName: 'Doe', email },
    show: {
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      venueSlug,
      performanceId: '0D0E0000-0000-4000-8000-0000000000AA',
      startsAt: '2026-03-14T19:30:00.000Z',
      timezone: 'Europe/London',
    },
    delivery: { method: 'eTicket', address: null },
    tickets: [],
    extras: [],
    ticketProtection: false,
    transactionFee: 295,
    charges: { tickets: 8750, ticketProtection: 0, delivery: 0, transactionFeeWaiver: null },
    total: 9045,
    currency: 'GBP',
    paidWith: [{ method: 'card', amount: 17795, brand: 'visa', last4: '1111' }],
    confirmedAt: '2026-03-01T10:00:00.000Z',
    accessKey: null,
  };
}

interface SignUpCall {
  body: CreateAccountBody;
  csrf: string | null;
}

/**
 * The customer-accounts service as the panel meets it: the session's CSRF token, the password
 * rules of contract/passwords.ts, and a refusal only where the email (any letter case) already
 * has a verified account; any other sign-up makes an unverified one and emails its link.
 */
let calls: SignUpCall[];
let verifiedAccounts: Set<string>;
/** The next answer, when a test wants a failure the rules would not give. */
let forced: (() => Response) | null;

beforeEach(() => {
  calls = [];
  verifiedAccounts = new Set();
  forced = null;
  server.use(
    http.post('/services/customer-accounts/accounts', async ({ request }) => {
      const body = (await request.json()) as CreateAccountBody;
      const csrf = request.headers.get(CSRF_HEADER);
      calls.push({ body, csrf });
      if (forced) return forced();
      if (csrf !== CSRF) return apiError(403, 'csrf_failed');
      if (body.orderId !== ORDER_ID) return apiError(404, 'not_found');
      const email = 'Jane.Doe@example.com';
      if (passwordProblem(body.password, email) !== null) return apiError(400, 'validation_failed');
      if (verifiedAccounts.has(email.toLowerCase())) return apiError(409, 'account_exists');
      return HttpResponse.json({ account: { email } }, { status: 201 });
    }),
  );
});

function withSession(csrfToken: string | null): Partial<RootState> {
  return {
    session: {
      sessionId: 'test-session',
      attribution: {},
      forcedVariations: {},
      cfg: null,
      csrfToken,
    },
  };
}

async function renderPanel(venueSlug = 'lumen-theatre', csrfToken: string | null = CSRF) {
  const user = userEvent.setup();
  const view = renderWithProviders(<SignUpPanel order={orderAt(venueSlug)} />, {
    preloadedState: withSession(csrfToken),
  });
  const panel = await screen.findByRole('region', { name: 'Save your details for next time' });
  return { ...view, user, panel };
}

const passwordInput = () => screen.getByLabelText('Create a password');

describe('the sign-up panel', () => {
  it('shows the order email and the password rule up front, with a named, axe-clean form', async () => {
    const { panel, container } = await renderPanel();
    expect(within(panel).getByText('Jane.Doe@example.com')).toBeInTheDocument();
    const password = passwordInput();
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    expect(password).toHaveAccessibleDescription(
      "Use 12 to 128 characters. A few unrelated words you'll remember work well. It must not contain “jane.doe” from your email address.",
    );
    expect(
      screen.getByRole('checkbox', { name: 'Email me news and offers from The Lumen Theatre' }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeInTheDocument();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('shows and hides the password with one button, and says which it is', async () => {
    const { user } = await renderPanel();
    await user.type(passwordInput(), 'secret words');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(screen.getByText('Your password is shown.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(screen.getByText('Your password is hidden.')).toBeInTheDocument();
    expect(passwordInput()).toHaveValue('secret words');
  });

  it.each([
    ['no password', '', 'Please enter a password'],
    ['11 characters', 'eleven char', 'Your password must be at least 12 characters long'],
    ['129 characters', 'x'.repeat(129), 'Your password must be no more than 128 characters long'],
    [
      'the email name in any case',
      'hello JANE.DOE friends',
      'Your password must not contain \u201cjane.doe\u201d from your email address',
    ],
  ])('refuses %s before asking the service, with focus on the field', async (_, typed, message) => {
    const { user } = await renderPanel();
    if (typed !== '') {
      // Pasted, as a password manager would; typing 129 characters one by one is slow.
      await user.click(passwordInput());
      await user.paste(typed);
    }
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(passwordInput()).toHaveFocus();
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('creates the account once, however often it is clicked, and says where its link went', async () => {
    const { user, container } = await renderPanel();
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    await user.click(screen.getByRole('checkbox', { name: /news and offers/ }));
    const create = screen.getByRole('button', { name: 'Create account' });
    await user.dblClick(create);

    const heading = await screen.findByRole('heading', {
      name: 'Check your email to activate your account',
    });
    expect(heading).toHaveFocus();
    // Announced where it is: the status region holds the heading and what it says.
    const status = screen.getByRole('status');
    expect(status).toContainElement(heading);
    expect(status).toHaveTextContent(
      "We've sent a link to Jane.Doe@example.com. Open it within 24 hours to activate your account.",
    );
    expect(status).toHaveTextContent(
      "If it hasn't arrived in a few minutes, please look in your junk or spam folder.",
    );
    // Nothing says the account can be used yet: it cannot, until the link is opened.
    expect(screen.queryByText(/log in with/)).not.toBeInTheDocument();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(calls).toEqual([
      {
        body: { orderId: ORDER_ID, password: GOOD_PASSWORD, marketingOptIn: true },
        csrf: CSRF,
      },
    ]);
    expect(screen.queryByLabelText('Create a password')).not.toBeInTheDocument();
  });

  it('asks nothing about marketing where the venue does not, and sends no choice', async () => {
    const { user } = await renderPanel('lone-star-theater');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email to activate your account' });
    expect(calls.map((call) => call.body)).toEqual([
      { orderId: ORDER_ID, password: GOOD_PASSWORD },
    ]);
  });

  it('on an existing account shows the spec failure with links to the shop’s sign-in and password reset, and the contact line', async () => {
    verifiedAccounts.add('jane.doe@example.com');
    const { user, panel } = await renderPanel();
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const heading = await screen.findByRole('heading', {
      name: "Sorry, we couldn't create your account",
    });
    expect(heading).toHaveFocus();
    expect(
      within(panel).getByText(
        'You may already have an account. You can log in, reset your password or contact us.',
      ),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/sign-in?venue=lumen-theatre',
    );
    expect(within(panel).getByRole('link', { name: 'Reset password' })).toHaveAttribute(
      'href',
      '/reset-password?venue=lumen-theatre',
    );
    // The Lumen's brand names its box office in place of "Contact us".
    expect(
      within(panel).getByRole('link', { name: 'Contact Lumen Group (020 7946 0123)' }),
    ).toHaveAttribute('href', 'tel:+442079460123');
    expect(screen.queryByLabelText('Create a password')).not.toBeInTheDocument();
  });

  it('uses the venue of the order for its links, with the US phone format', async () => {
    verifiedAccounts.add('jane.doe@example.com');
    const { user, panel } = await renderPanel('bayou-discovery');
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: "Sorry, we couldn't create your account" });
    expect(within(panel).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/sign-in?venue=bayou-discovery',
    );
    expect(within(panel).getByRole('link', { name: /\(504\) 555-0127/ })).toHaveAttribute(
      'href',
      'tel:+15045550127',
    );
  });

  it('keeps the password after a failure it can retry, and succeeds on the retry', async () => {
    const { user } = await renderPanel();
    await user.type(passwordInput(), GOOD_PASSWORD);
    forced = () => HttpResponse.json({ code: 'internal_error', message: 'x' }, { status: 500 });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't create your account just now. Please try again.",
    );
    expect(passwordInput()).toHaveValue(GOOD_PASSWORD);

    forced = () => apiError(429, 'rate_limited');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'There have been too many attempts from this connection. Please wait a few minutes and try again.',
      ),
    );

    forced = null;
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email to activate your account' });
    expect(calls).toHaveLength(3);
  });

  it('says when this browser cannot make an account from the order', async () => {
    const { user } = await renderPanel();
    forced = () => apiError(404, 'not_found');
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We can't create an account from this order in this browser. Your booking is not affected.",
    );
  });

  it('puts the service refusal of a password next to the field', async () => {
    const { user } = await renderPanel();
    forced = () => apiError(400, 'validation_failed');
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please check this answer')).toBeInTheDocument();
    expect(passwordInput()).toHaveFocus();
    expect(passwordInput()).toHaveAccessibleDescription(/Please check this answer$/);
  });

  it('gets the session token first when the page has none (a reloaded confirmation page)', async () => {
    const { user } = await renderPanel('lumen-theatre', null);
    await user.type(passwordInput(), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Check your email to activate your account' });
    expect(calls.map((call) => call.csrf)).toEqual([CSRF]);
  });
});
