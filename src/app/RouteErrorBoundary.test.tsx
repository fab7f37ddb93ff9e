import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../tests/msw/render';
import { useMswServer } from '../../tests/msw/server';

useMswServer();

/** A page that fails while `failing.now` is true, as a page whose render hits a bug would. */
const failing = { now: true };
function FlakyPage() {
  if (failing.now) throw new Error('the page broke');
  return <h1>Recovered page</h1>;
}

describe('a page that fails while rendering', () => {
  it('is replaced by the error page inside the frame, and "Try again" renders it afresh', async () => {
    // React reports the caught error to the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing.now = true;
    const user = userEvent.setup();
    renderWithProviders(<FlakyPage />, { route: '/broken' });

    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    // The frame is still there: the way home keeps working.
    expect(screen.getByRole('link', { name: 'The Lumen Theatre home' })).toBeInTheDocument();

    failing.now = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Recovered page' });
    consoleError.mockRestore();
  });

  it('gives way when the buyer moves to another address', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    failing.now = true;
    const { history } = renderWithProviders(<FlakyPage />, { route: '/broken' });
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });

    failing.now = false;
    act(() => history.push('/elsewhere'));
    await screen.findByRole('heading', { level: 1, name: 'Recovered page' });
    consoleError.mockRestore();
  });
});
