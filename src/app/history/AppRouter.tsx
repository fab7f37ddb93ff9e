import { startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router } from 'react-router';
import { AppHistoryContext } from './AppHistoryContext';
import type { AppHistory, HistoryUpdate } from './types';

interface AppRouterProps {
  /** Made once for the app's lifetime (createBrowserAppHistory, or a memory one in tests). */
  history: AppHistory;
  basename?: string;
  children?: ReactNode;
}

/** React Router's declarative mode on the shop's own history, as BrowserRouter does on its. */
export function AppRouter({ history, basename, children }: AppRouterProps) {
  const [{ action, location }, setState] = useState<HistoryUpdate>(() => ({
    action: history.action,
    location: history.location,
  }));
  // Layout effect: subscribed before the browser paints, so no early move is missed. In a
  // transition, so a lazy page still loading keeps the current page on screen meanwhile.
  useLayoutEffect(
    () => history.listen((update) => startTransition(() => setState(update))),
    [history],
  );
  return (
    <AppHistoryContext value={history}>
      <Router
        basename={basename}
        location={location}
        navigationType={action}
        navigator={history}
        useTransitions
      >
        {children}
      </Router>
    </AppHistoryContext>
  );
}
