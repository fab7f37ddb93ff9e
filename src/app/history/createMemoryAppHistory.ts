import { createPath, parsePath, type Location } from 'react-router';
import type { AppHistory } from './types';
import {
  createAppHistory,
  createKey,
  type HistoryBackend,
  type HistoryEntry,
} from './createAppHistory';

export interface MemoryAppHistoryOptions {
  initialEntries?: Array<string | Partial<Location>>;
  /** Defaults to the last entry. */
  initialIndex?: number;
}

/**
 * The shop's history over an array, for tests: the same positions, keys and blocking as in the
 * browser, except that go() reports its move at once instead of on a later popstate.
 */
export function createMemoryAppHistory({
  initialEntries = ['/'],
  initialIndex,
}: MemoryAppHistoryOptions = {}): AppHistory {
  const entries: HistoryEntry[] = initialEntries.map((entry, idx) => {
    const {
      state = null,
      key,
      ...parts
    }: Partial<Location> = typeof entry === 'string' ? parsePath(entry) : entry;
    const { pathname = '/', search = '', hash = '' } = parsePath(createPath(parts));
    return {
      path: { pathname, search, hash },
      state: { usr: state as unknown, key: key ?? (idx === 0 ? 'default' : createKey()), idx },
    };
  });
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let onPop: ((entry: HistoryEntry) => void) | null = null;
  const at = (i: number): HistoryEntry => {
    const entry = entries[i];
    if (entry === undefined) throw new Error(`No history entry at ${i}`);
    return entry;
  };

  const backend: HistoryBackend = {
    read: () => at(index),
    write(mode, path, state) {
      if (mode === 'push') {
        index += 1;
        entries.splice(index, entries.length, { path, state });
      } else {
        entries[index] = { path, state };
      }
    },
    go(delta) {
      const next = index + delta;
      // As in a browser, a step past either end goes nowhere and reports nothing.
      if (delta === 0 || next < 0 || next >= entries.length) return;
      index = next;
      onPop?.(at(index));
    },
    watch(handler) {
      onPop = handler;
      return () => {
        onPop = null;
      };
    },
  };
  return createAppHistory(backend);
}
