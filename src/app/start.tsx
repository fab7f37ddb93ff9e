import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { env } from '@/config/env';
import { captureSessionParams } from '@/features/session/launchParams';
import { sessionStateFrom } from '@/features/session/sessionSlice';
import { AppProviders } from './providers';
import { AppRouter } from './history/AppRouter';
import { createBrowserAppHistory } from './history/createBrowserAppHistory';
import { RoutesOf, routeTable, startRouteLoads } from './router';
import { makeStore } from './store';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can throw when cookies are blocked; attribution then lasts for this page view only.
    return undefined;
  }
}

/** Renders the app once boot.js has confirmed (or polyfilled) every browser feature it needs. */
export async function start(): Promise<void> {
  const session = captureSessionParams(window.location.search, sessionStorageOrUndefined());
  const store = makeStore({ session: sessionStateFrom(session) });
  const history = createBrowserAppHistory(window);
  // One route table for the loads and the render: a page loaded here is drawn without waiting.
  const routes = routeTable(env.routingMode, env);
  await startRouteLoads(routes, history.location);
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  // boot.js may have put a "Loading..." heading there; React takes the element over.
  container.replaceChildren();
  const root = createRoot(container);
  // The first render as a transition: React renders it in slices of a few milliseconds instead of
  // one long task, so a phone's main thread answers taps meanwhile (issue 26: total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders store={store}>
          <AppRouter history={history}>
            <RoutesOf routes={routes} mode={env.routingMode} routeEnv={env} />
          </AppRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
}
