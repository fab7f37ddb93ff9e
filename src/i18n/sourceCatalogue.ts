import firstRoute from 'virtual:stagedoor/messages-first-route';
import type { Catalogue } from './messageIds';

/**
 * The en-GB source as the browser has it: the first route's messages from the start, the rest
 * once its chunk has arrived. What's on draws with the first part alone; every other page, and
 * every lazy part of a page, waits for the rest together with its own chunk (withWholeSource),
 * so no buyer ever sees a raw id.
 */

// Until the rest arrives only the first route's ids are there; the type is the promise made to
// every other page, which cannot render before then.
let current = firstRoute as Catalogue;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Loads the rest of the source once; a failed load is tried again by the next caller. */
export function loadWholeSource(): Promise<void> {
  pending ??= import('virtual:stagedoor/messages-other-pages').then(
    ({ default: rest }) => {
      // Set before any caller's continuation runs, so a page that waited renders with its text.
      current = { ...firstRoute, ...rest } as Catalogue;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The source as loaded so far (a stable object between loads, for useSyncExternalStore). */
export function currentSource(): Catalogue {
  return current;
}

export function subscribeToSource(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A lazy chunk's importer that settles only once the whole source is there as well. */
export function withWholeSource<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([importer(), loadWholeSource()]).then(([module]) => module);
}
