import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGN_IN_WARNING_SECONDS } from '@contract/api/constants';
import { DEMO_ACCOUNT, DEMO_PASSWORD, signInDouble } from '../../../tests/msw/auth';
import { renderApp } from '../../../tests/msw/render';
import { useMswServer } from '../../../tests/msw/server';
import { CSRF } from '../../../tests/msw/inventory';
import { SIGNED_IN_MARK } from './authSession';
import { safeReturnPath } from './authLinks';

useMswServer();
afterEach(() => window.localStorage.clear());

const accountNav = () => screen.findByRole('navigation', { name: 'Your account' });

function signedInBefore(idleMs?: number) {
  signInDouble(idleMs);
  window.localStorage.setItem(SIGNED_IN_MARK, '1');
}

describe('the header', () => {
  it('offers sign-in and sign-up to a guest, coming back to the page', async () => {
    renderApp({ route: '/venues/lumen-theatre/' });
    const nav = await accountNav();
    const signIn = within(nav).getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(
      '/sign-in?venue=lumen-theatre&returnTo=%2Fvenues%2Flumen-theatre%2F',
    );
    expect(within(nav).getByRole('link', { name: 'Create account' })).toBeTruthy();
  });

  it('shows no sign-in at a venue that turns it off (loginDisabled)', async () => {
    renderApp({ route: '/venues/bayou-discovery/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Your account' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('names the member and opens their menu', async () => {
    signedInBefore();
    const user = userEvent.setup();
    renderApp({ route: '/venues/lumen-theatre/' });
    const button = await within(await accountNav()).findByRole('button', { name: 'My account' });
    await user.click(button);
    expect(await screen.findByText(`Signed in as ${DEMO_ACCOUNT.email}`)).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/Signed in as/)).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});

describe('the sign-in page', () => {
  it('says the same for a wrong password, keeps what was typed, then goes back signed in', async () => {
    const user = userEvent.setup();
    const { history, store } = renderApp({
      route: '/sign-in?venue=lumen-theatre&returnTo=%2Fvenues%2Flumen-theatre%2F',
    });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const main = within(screen.getByRole('main'));
    await user.type(main.getByLabelText('Email address'), DEMO_ACCOUNT.email);
    await user.type(main.getByLabelText('Password'), 'wrong password entirely');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect((await main.findByRole('alert')).textContent).toMatch(
      /email address or password is incorrect/,
    );
    expect(main.getByLabelText<HTMLInputElement>('Email address').value).toBe(DEMO_ACCOUNT.email);

    await user.clear(main.getByLabelText('Password'));
    await user.type(main.getByLabelText('Password'), DEMO_PASSWORD);
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(history.location.pathname).toBe('/venues/lumen-theatre/'));
    expect(store.getState().auth.account).toEqual(DEMO_ACCOUNT);
    // The answer's CSRF token is the one later calls send.
    expect(store.getState().session.csrfToken).toBe(CSRF);
    expect(window.localStorage.getItem(SIGNED_IN_MARK)).toBe('1');
  });
});

describe('the inactivity warning (WCAG 2.2.1)', () => {
  it('counts down before the idle limit and keeps the buyer signed in when asked', async () => {
    // The idle limit is already inside the warning's two minutes.
    signedInBefore(SIGN_IN_WARNING_SECONDS * 1_000 - 30_000);
    const user = userEvent.setup();
    const { store } = renderApp({ route: '/venues/lumen-theatre/' });
    const warning = await screen.findByRole(
      'alertdialog',
      { name: 'Are you still there?' },
      { timeout: 5_000 },
    );
    expect(warning.textContent).toMatch(/signed out in 1:[0-3]\d unless/);
    await user.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Are you still there?' })).toBeNull(),
    );
    const idleLeft = Date.parse(store.getState().auth.idleExpiresAt ?? '') - Date.now();
    expect(idleLeft).toBeGreaterThan(25 * 60_000);
  });

  it('ends the sign-in at the limit and says why, then offers to refresh', async () => {
    signedInBefore(1_500);
    const user = userEvent.setup();
    const { store } = renderApp({ route: '/venues/lumen-theatre/' });
    const timedOut = await screen.findByRole(
      'alertdialog',
      { name: 'Your session has timed out' },
      { timeout: 10_000 },
    );
    expect(timedOut.textContent).toContain(
      'In order to protect your personal information, your session is automatically timed out after a period of inactivity.',
    );
    expect(store.getState().auth.account).toBeNull();
    await user.click(within(timedOut).getByRole('button', { name: 'Close' }));
    const alert = await screen.findByRole('complementary', { name: 'Your session has timed out' });
    expect(within(alert).getByRole('button', { name: 'Refresh page' })).toBeTruthy();
    expect(within(await accountNav()).getByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});

describe('safeReturnPath', () => {
  it('keeps paths inside the shop and refuses other sites and sign-in pages', () => {
    expect(safeReturnPath('/checkout/collection')).toBe('/checkout/collection');
    expect(safeReturnPath('//evil.example/x')).toBeNull();
    expect(safeReturnPath('/\\evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('/sign-in?venue=x')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });

  it("never goes back to a one-time link's page, whose token the first visit spent", () => {
    expect(safeReturnPath('/account/verify?token=abc&venue=lumen-theatre')).toBeNull();
    expect(safeReturnPath('/reset-password/new?token=abc&venue=lumen-theatre')).toBeNull();
    expect(safeReturnPath('/account/email/confirm?token=abc')).toBeNull();
    expect(safeReturnPath('/account/profile?venue=lumen-theatre')).toBe(
      '/account/profile?venue=lumen-theatre',
    );
  });
});
