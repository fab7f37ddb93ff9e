import { createContext, useContext } from 'react';
import type { AppHistory } from './types';

/** The history AppRouter renders, for the hooks React Router's declarative mode lacks. */
export const AppHistoryContext = createContext<AppHistory | null>(null);

export function useAppHistory(hook: string): AppHistory {
  const history = useContext(AppHistoryContext);
  if (history === null) {
    throw new Error(`${hook} needs the shop's history: render it inside <AppRouter history={…}>.`);
  }
  return history;
}
