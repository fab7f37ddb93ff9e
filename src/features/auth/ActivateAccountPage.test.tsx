import { StrictMode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import { activationPath } from '@contract/accountActivation';
import type { VerifyAccountBody } from '@contract/api/accounts';
import { AppProviders } from '@/app/providers';
import { makeStore } from '@/app/store';
import { AppRouter } from '@/app/history/AppRouter';
import { createMemoryAppHistory } from '@/app/history/createMemoryAppHistory';
import { AppRoutes } from '@/app/router';
import { ACCOUNT_PATHS } from '@/config/paths';
import { apiError } from '../../../tests/msw/handlers';
import { renderApp, TEST_ROUTE_ENV } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

const TOKEN = 'q6Vd0Jt3x9Zb1Lw-Hs_RkP2mNyC8aE4fG7iU5oTjXcB';
const EMAIL = 'Jane.Doe@example.com';

/**
 * The customer-accounts service as the page meets it: each emailed token activates its account
 * once; after that, or for a token it never sent, one refusal.
 */
let bodies: unknown[];
let unused: Set<string>;
/** The next answer, when a test wants a failure the rules would not give. */
let forced: (() => Response) | null;

beforeEach(() => {
  bodies = [];
  unused = new Set([TOKEN]);
  forced = null;
  server.use(
    http.post('/services/customer-accounts/accounts/verify', async ({ request }) => {
      const body = (await request.json()) as VerifyAccountBody;
      bodies.push(body);
      if (forced) return forced();
      if (!unused.delete(body.token)) return apiError(410, 'verification_link_invalid');
      return HttpResponse.json({ account: { email: EMAIL } });
    }),
  );
});

function openLink(path = activationPath(TOKEN, 'lumen-theatre')) {
  const user = userEvent.setup();
  return { user, ...renderApp({ route: path }) };
}

const resultHeading = (name: string) =>
  screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('the activation page (/account/verify)', { timeout: 30_000 }, () => {
  it('activates the account with the link, says so where focus is, axe-clean', async () => {
    const { container } = openLink();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Activate your account' }),
    ).toBeInTheDocument();
    const heading = await resultHeading('Your account is active');
    expect(heading).toHaveFocus();
    const status = screen.getByRole('status');
    expect(status).toContainElement(heading);
    expect(status).toHaveTextContent(
      `Next time you book, log in with ${EMAIL} and the password you chose.`,
    );
    expect(bodies).toEqual([{ token: TOKEN }]);
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('says the link has expired or been used when the service refuses it, axe-clean', async () => {
    unused.clear();
    const { container } = openLink();
    const heading = await resultHeading('This link has expired or has already been used');
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(
      "If you've already activated your account, there's nothing more to do.",
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("wears the venue named in the link, not the house venue's", async () => {
    openLink(activationPath(TOKEN, 'hudson-stage'));
    await resultHeading('Your account is active');
    await waitFor(() => expect(document.title).toContain('The Hudson Stage'));
    expect(document.title).toContain('Activate your account');
  });

  it('sends the token once under Strict Mode, whose effects run twice', async () => {
    render(
      <StrictMode>
        <AppProviders store={makeStore()}>
          <AppRouter
            history={createMemoryAppHistory({
              initialEntries: [activationPath(TOKEN, 'lumen-theatre')],
            })}
          >
            <AppRoutes mode="default" routeEnv={TEST_ROUTE_ENV} />
          </AppRouter>
        </AppProviders>
      </StrictMode>,
    );
    await resultHeading('Your account is active');
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('spends the link once: opened again, it is used', async () => {
    const first = openLink();
    await resultHeading('Your account is active');
    first.unmount();
    openLink();
    await resultHeading('This link has expired or has already been used');
    expect(bodies).toEqual([{ token: TOKEN }, { token: TOKEN }]);
  });

  it.each([
    ['no token', ACCOUNT_PATHS.verify],
    ['a token cut short by a mail client', `${ACCOUNT_PATHS.verify}?token=${TOKEN.slice(0, 30)}`],
  ])('with %s, asks nothing and says the link is incomplete', async (_, path) => {
    openLink(path);
    await resultHeading('This link is incomplete');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Please open the link in your email again, or copy all of it into your browser',
    );
    expect(bodies).toEqual([]);
  });

  it('offers another try after a failure it can retry, and activates on it', async () => {
    forced = () => HttpResponse.json({ code: 'internal_error', message: 'x' }, { status: 500 });
    const { user } = openLink();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "We couldn't activate your account just now. Please try again.",
    );

    forced = () => apiError(429, 'rate_limited');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'There have been too many attempts from this connection. Please wait a few minutes and try again.',
      ),
    );

    forced = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await resultHeading('Your account is active');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(3);
  });
});
