import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { http } from '../../../tests/msw/contract';
import type { ConfirmEmailBody } from '@contract/api/auth';
import { ACCOUNT_PATHS } from '@/config/paths';
import { apiError } from '../../../tests/msw/handlers';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

const TOKEN = 'q6Vd0Jt3x9Zb1Lw-Hs_RkP2mNyC8aE4fG7iU5oTjXcB';
const EMAIL = 'jane.new@example.com';

/** The auth service as the page meets it: each emailed token confirms its address once. */
let bodies: unknown[];
let unused: Set<string>;
let forced: (() => Response) | null;
let signInReads: number;
/** Sign-in reads before the token was sent: the header's own, at start. */
let readsAtConfirm: number;

const countSignInReads = ({ request }: { request: Request }) => {
  if (request.method === 'GET' && new URL(request.url).pathname === '/services/auth/session')
    signInReads += 1;
};

beforeEach(() => {
  bodies = [];
  unused = new Set([TOKEN]);
  forced = null;
  signInReads = 0;
  readsAtConfirm = 0;
  server.events.on('request:start', countSignInReads);
  server.use(
    http.post('/services/auth/email/confirm', async ({ request }) => {
      const body = (await request.json()) as ConfirmEmailBody;
      bodies.push(body);
      readsAtConfirm = signInReads;
      if (forced) return forced();
      if (!unused.delete(body.token)) return apiError(410, 'verification_link_invalid');
      return HttpResponse.json({ account: { email: EMAIL, firstName: 'Jane', lastName: 'Doe' } });
    }),
  );
});

afterEach(() => {
  server.events.removeListener('request:start', countSignInReads);
});

function openLink(path = `${ACCOUNT_PATHS.confirmEmail}?token=${TOKEN}&venue=lumen-theatre`) {
  const user = userEvent.setup();
  return { user, ...renderApp({ route: path }) };
}

const resultHeading = (name: string) =>
  screen.findByRole('heading', { level: 2, name }, { timeout: 5000 });

describe('the email confirmation page (/account/email/confirm)', { timeout: 30_000 }, () => {
  it('confirms the new address, says so where focus is, and reads the sign-in again', async () => {
    openLink();
    const heading = await resultHeading('Your email address has been changed');
    expect(heading).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(`From now on, sign in with ${EMAIL}.`);
    expect(bodies).toEqual([{ token: TOKEN }]);
    // The header names the account by its email: it is read again after the change.
    await waitFor(() => expect(signInReads).toBeGreaterThan(readsAtConfirm));
  });

  it('says the link has expired or been used when the service refuses it, with no retry', async () => {
    unused.clear();
    openLink();
    expect(await resultHeading('This link has expired or has already been used')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('asks nothing for a link without a token', async () => {
    openLink(ACCOUNT_PATHS.confirmEmail);
    await resultHeading('This link is incomplete');
    expect(bodies).toEqual([]);
  });

  it('offers another try after a failure, and confirms on it', async () => {
    forced = () => HttpResponse.json({ code: 'internal_error', message: 'x' }, { status: 500 });
    const { user } = openLink();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      "We couldn't confirm your new email address just now. Please try again.",
    );
    forced = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await resultHeading('Your email address has been changed');
    expect(bodies).toHaveLength(2);
  });
});
