import type { AppHistory } from './types';
import { createAppHistory, type HistoryBackend } from './createAppHistory';

/** The shop's history over the browser's own (the address bar, Back and Forward). */
export function createBrowserAppHistory(win: Window = window): AppHistory {
  const read = () => {
    const { pathname, search, hash } = win.location;
    return { path: { pathname, search, hash }, state: win.history.state as unknown };
  };
  const backend: HistoryBackend = {
    read,
    write(mode, path, state) {
      const url = `${path.pathname}${path.search}${path.hash}`;
      if (mode === 'push') win.history.pushState(state, '', url);
      else win.history.replaceState(state, '', url);
    },
    go: (delta) => win.history.go(delta),
    watch(onPop) {
      const listener = () => onPop(read());
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
  };
  // The entry the page opened on gets position 0, so Back to it has a known distance; a reload
  // keeps the position the entry already had.
  const opened = win.history.state as { idx?: unknown } | null;
  if (typeof opened?.idx !== 'number') {
    win.history.replaceState({ usr: null, key: 'default', ...opened, idx: 0 }, '');
  }
  return createAppHistory(backend);
}
