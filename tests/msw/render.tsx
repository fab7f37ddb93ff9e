import type { ReactElement } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { AppProviders } from '@/app/providers';
import { makeStore, type RootState } from '@/app/store';
import type { RoutingMode } from '@/config/env';
import { AppRouter } from '@/app/history/AppRouter';
import { createMemoryAppHistory } from '@/app/history/createMemoryAppHistory';
import { AppRoutes, RoutesOf, routeTable } from '@/app/router';
import type { RouteEnv } from '@/config/paths';

// Vitest runs without globals, so Testing Library cannot unmount between tests by itself.
afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

export const TEST_ROUTE_ENV: RouteEnv = {
  venueSlug: 'lumen-theatre',
  showSlug: 'the-glass-orchard',
};

interface Options {
  route?: string;
  preloadedState?: Partial<RootState>;
  mode?: RoutingMode;
  routeEnv?: RouteEnv;
}

/** The whole app (real store, sagas, route table, venue providers) at one address. */
export function renderApp({
  route = '/',
  preloadedState,
  mode = 'default',
  routeEnv = TEST_ROUTE_ENV,
}: Options = {}) {
  const store = makeStore(preloadedState);
  const history = createMemoryAppHistory({ initialEntries: [route] });
  const view = render(
    <AppProviders store={store}>
      <AppRouter history={history}>
        <AppRoutes mode={mode} routeEnv={routeEnv} />
      </AppRouter>
    </AppProviders>,
  );
  return { ...view, store, history };
}

/**
 * One component inside the real frame (store, venue text and theme, page layout), rendered in
 * place of the page at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', preloadedState, mode = 'default', routeEnv = TEST_ROUTE_ENV }: Options = {},
) {
  const [root] = routeTable(mode, routeEnv);
  if (root === undefined || root.index === true)
    throw new Error('routeTable returned no root layout route');
  const store = makeStore(preloadedState);
  const history = createMemoryAppHistory({ initialEntries: [route] });
  const routes = [{ ...root, children: [{ path: '*', element: ui }] }];
  const view = render(
    <AppProviders store={store}>
      <AppRouter history={history}>
        <RoutesOf routes={routes} mode={mode} routeEnv={routeEnv} />
      </AppRouter>
    </AppProviders>,
  );
  return { ...view, store, history };
}
