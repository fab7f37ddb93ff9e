import { act } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Location } from 'react-router';
import { env } from '@/config/env';
import { getVenue } from '@/config/venues';
import { AppProviders } from './providers';
import { AppRouter } from './history/AppRouter';
import { createMemoryAppHistory } from './history/createMemoryAppHistory';
import { RoutesOf, routeTable, startRouteLoads } from './router';
import { makeStore } from './store';

/** Which route chunks have been asked for, in order (each mocked page records its own import). */
const asked = vi.hoisted(() => [] as string[]);

// The two layouts in front of the seat page draw what is inside them, as the real ones do.
vi.mock('@/features/queue/QueueGate', async () => {
  asked.push('QueueGate');
  const { Outlet } = await import('react-router');
  return { default: Outlet };
});
vi.mock('@/features/seatSelection/ChoosingFlows', async () => {
  asked.push('ChoosingFlows');
  const { Outlet } = await import('react-router');
  return { default: Outlet };
});
vi.mock('@/features/seatSelection/TicketsPage', () => {
  asked.push('TicketsPage');
  return { default: () => <h1>Select your seats</h1> };
});

const SEAT_PAGE =
  '/shows/the-glass-orchard/lumen-theatre/tickets/6B7D4563-B1CB-4138-8590-ACFA380F0235';

const at = (pathname: string): Location => ({
  pathname,
  search: '',
  hash: '',
  state: null,
  key: 'default',
});

// Vitest runs without globals, so Testing Library cannot unmount by itself: a root left mounted
// goes on rendering (the header's lazy parts arriving) after the test file's window is gone.
afterEach(() => {
  cleanup();
});

describe('startRouteLoads (issue 26: what the first page waits for, asked for before it renders)', () => {
  it('asks for the seat page and both layouts in front of it at once, before anything renders', async () => {
    const loads = startRouteLoads(routeTable('default', env), at(SEAT_PAGE));
    // Nothing was rendered: React.lazy would have asked for the gate first, and for the page
    // only once the gate and the flows had loaded and rendered.
    await vi.waitFor(() =>
      expect([...asked].sort()).toEqual(['ChoosingFlows', 'QueueGate', 'TicketsPage']),
    );
    // The venue's frame too: its logo is the seat page's largest paint.
    const logos = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(logos.map((link) => link.getAttribute('href'))).toEqual([
      getVenue('lumen-theatre')?.logoUrl,
    ]);
    await loads;
  });

  it('once settled, the page is drawn by the first render, with no frame left empty meanwhile', async () => {
    const routes = routeTable('default', env);
    await startRouteLoads(routes, at(SEAT_PAGE));
    // One synchronous render, no waiting: a page that suspended would not be there yet (and on
    // a real screen React would have held it back for 300 ms after the empty frame).
    act(() => {
      render(
        <AppProviders store={makeStore()}>
          <AppRouter history={createMemoryAppHistory({ initialEntries: [SEAT_PAGE] })}>
            <RoutesOf routes={routes} mode="default" routeEnv={env} />
          </AppRouter>
        </AppProviders>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Select your seats' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /The Lumen Theatre/ })).toBeInTheDocument();
  });
});
