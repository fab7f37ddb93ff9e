import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazy, Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useRoutes } from 'react-router';
import { AppRouter } from './AppRouter';
import { createMemoryAppHistory } from './createMemoryAppHistory';
import { useBlocker } from './useBlocker';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);

/** Stands in for the leave guard: holds back any move to /away until the buyer answers. */
function Guard() {
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname === '/away');
  if (blocker.state !== 'blocked') return null;
  return (
    <div role="alertdialog" aria-label="Leave?">
      <button type="button" onClick={blocker.reset}>
        Stay
      </button>
      <button type="button" onClick={blocker.proceed}>
        Leave
      </button>
    </div>
  );
}

// A lazy page whose chunk arrives when the test says so.
let arrive: () => void = () => undefined;
const SlowPage = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ default: () => <h1>Slow</h1> });
    }),
);

function Pages() {
  return useRoutes([
    {
      path: '/',
      element: (
        <>
          <h1>Home</h1>
          <Link to="/away">Away</Link>
          <Link to="/other">Other</Link>
        </>
      ),
    },
    { path: '/away', element: <h1>Away</h1> },
    { path: '/other', element: <h1>Other</h1> },
    { path: '/slow', element: <SlowPage /> },
  ]);
}

function renderShop(initialEntries = ['/']) {
  const history = createMemoryAppHistory({ initialEntries });
  render(
    <AppRouter history={history}>
      <Guard />
      <Suspense fallback={<p>Loading</p>}>
        <Pages />
      </Suspense>
    </AppRouter>,
  );
  return history;
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('AppRouter', () => {
  it('follows a Link the blocker lets through', async () => {
    const history = renderShop();
    await userEvent.click(screen.getByRole('link', { name: 'Other' }));
    await vi.waitFor(() => expect(heading()).toHaveTextContent('Other'));
    expect(history.location.pathname).toBe('/other');
  });

  it('keeps the current page on screen while the next one is still loading', async () => {
    const history = renderShop();
    // Straight through the history, as Back would: Link already wraps its own move in a transition.
    act(() => history.push('/slow'));
    expect(history.location.pathname).toBe('/slow');
    expect(heading()).toHaveTextContent('Home');
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    arrive();
    await vi.waitFor(() => expect(heading()).toHaveTextContent('Slow'));
  });

  it('holds a Link to a blocked place: nothing moves until the buyer chooses to leave', async () => {
    const user = userEvent.setup();
    const history = renderShop();

    await user.click(screen.getByRole('link', { name: 'Away' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Home');
    expect(history.location.pathname).toBe('/');

    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(heading()).toHaveTextContent('Home');
    expect(history.location.pathname).toBe('/');

    await user.click(screen.getByRole('link', { name: 'Away' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await vi.waitFor(() => expect(heading()).toHaveTextContent('Away'));
    expect(history.location.pathname).toBe('/away');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('holds Back to a blocked place the same way', async () => {
    const history = renderShop(['/away', '/']);
    act(() => history.go(-1));
    expect(await screen.findByRole('alertdialog', { name: 'Leave?' })).toBeInTheDocument();
    expect(heading()).toHaveTextContent('Home');
    expect(history.location.pathname).toBe('/');
  });

  it('says what is missing when useBlocker is used outside AppRouter', () => {
    // React reports the render error on the console as well; the thrown message is the point.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Guard />)).toThrow(/inside <AppRouter/);
    vi.mocked(console.error).mockRestore();
  });
});
