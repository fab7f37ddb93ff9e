import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEMO_ACCOUNT, DEMO_PASSWORD, signInDouble } from '../../../tests/msw/auth';
import { http } from '../../../tests/msw/contract';
import { apiError } from '../../../tests/msw/handlers';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';
import { SIGNED_IN_MARK } from './authSession';

useMswServer();
afterEach(() => window.localStorage.clear());

const NEW_PASSWORD = 'copper lantern orchard 7';

describe('the security page', () => {
  it('checks the current password, then changes it and keeps the new session token', async () => {
    signInDouble();
    window.localStorage.setItem(SIGNED_IN_MARK, '1');
    server.use(
      http.post('/services/auth/password', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        return body.currentPassword === DEMO_PASSWORD
          ? HttpResponse.json({ csrfToken: 'rotated-token' })
          : apiError(401, 'sign_in_failed');
      }),
    );
    const user = userEvent.setup();
    const { store } = renderApp({ route: '/account/security?venue=lumen-theatre' });
    const form = within(
      await screen.findByRole('region', { name: 'Change your password' }, { timeout: 5_000 }),
    );
    await user.type(form.getByLabelText('Current password'), 'not my password');
    await user.type(form.getByLabelText('New password'), NEW_PASSWORD);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Your password is incorrect.')).toBeTruthy();
    // What was typed stays for the next try.
    expect(form.getByLabelText<HTMLInputElement>('New password').value).toBe(NEW_PASSWORD);

    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), DEMO_PASSWORD);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText(/Your password has been changed/)).toBeTruthy();
    await waitFor(() => expect(store.getState().session.csrfToken).toBe('rotated-token'));
  });

  it('says the change was not saved when the service fails, keeping the typing', async () => {
    signInDouble();
    window.localStorage.setItem(SIGNED_IN_MARK, '1');
    server.use(http.post('/services/auth/email', () => apiError(503, 'service_unavailable')));
    const user = userEvent.setup();
    renderApp({ route: '/account/security?venue=lumen-theatre' });
    const form = within(
      await screen.findByRole('region', { name: 'Change your email address' }, { timeout: 5_000 }),
    );
    expect(form.getByText(DEMO_ACCOUNT.email)).toBeTruthy();
    await user.type(form.getByLabelText('New email address'), 'new@example.com');
    await user.type(form.getByLabelText('Your password'), DEMO_PASSWORD);
    await user.click(form.getByRole('button', { name: 'Change email address' }));
    expect((await form.findByRole('alert')).textContent).toContain('Your changes were not saved.');
    expect(form.getByLabelText<HTMLInputElement>('New email address').value).toBe(
      'new@example.com',
    );
  });
});
