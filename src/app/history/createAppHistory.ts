import {
  createPath,
  NavigationType,
  parsePath,
  type Location,
  type Path,
  type To,
} from 'react-router';
import { refuseUnhandledOptions } from './navigateOptions';
import type { AppHistory, Blocker, BlockerFunction, HistoryUpdate } from './types';

/** What each entry the shop makes carries: the caller's state, a key and its position. */
export interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface HistoryEntry {
  path: Path;
  /** Whatever the entry holds: an EntryState for entries this history made, else anything. */
  state: unknown;
}

/** Where the entries live: the browser's session history, or an array in unit tests. */
export interface HistoryBackend {
  read(): HistoryEntry;
  write(mode: 'push' | 'replace', path: Path, state: EntryState): void;
  go(delta: number): void;
  /** Reports each back/forward move, after the entry has already changed. Returns the stop. */
  watch(onPop: (entry: HistoryEntry) => void): () => void;
}

export const UNBLOCKED: Blocker = {
  state: 'unblocked',
  location: undefined,
  proceed: undefined,
  reset: undefined,
};

export const createKey = () => Math.random().toString(36).slice(2, 10);

function entryState(state: unknown): EntryState | null {
  return typeof state === 'object' &&
    state !== null &&
    typeof (state as EntryState).idx === 'number'
    ? (state as EntryState)
    : null;
}

function toLocation({ path, state }: HistoryEntry): Location {
  const entry = entryState(state);
  return {
    pathname: path.pathname,
    search: path.search,
    hash: path.hash,
    state: entry?.usr ?? null,
    key: entry?.key ?? 'default',
  };
}

/**
 * The behaviour both histories share: where the buyer is, who is told of a move, and the one
 * blocker that may hold a move back. The backend only stores entries and reports back/forward.
 */
export function createAppHistory(backend: HistoryBackend): AppHistory {
  let action = NavigationType.Pop;
  let current = toLocation(backend.read());
  let index = entryState(backend.read().state)?.idx ?? 0;
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let blocker: { shouldBlock: BlockerFunction; onChange: (blocker: Blocker) => void } | null = null;
  // The move held back for the buyer's answer; an answer to an older one (replaced by a newer
  // blocked move, or by a reinstalled blocker) does nothing.
  let held: object | null = null;
  // The popstate our own go() causes: putting a blocked entry back must not reach the listeners,
  // and carrying out a proceed() must not ask the blocker again.
  let nextPop: 'ignore' | 'allow' | null = null;
  let stopWatching: (() => void) | null = null;

  function notify() {
    const update = { action, location: current };
    listeners.forEach((listener) => listener(update));
  }

  function blocks(nextLocation: Location, nextAction: NavigationType) {
    return (
      blocker?.shouldBlock({ currentLocation: current, nextLocation, action: nextAction }) ?? false
    );
  }

  /** Tells the blocker about the held move; `move` runs only if the buyer proceeds. */
  function hold(nextLocation: Location, move: () => void) {
    if (blocker === null) return;
    const { onChange } = blocker;
    const token = {};
    held = token;
    const answer = (proceed: boolean) => {
      if (held !== token) return;
      held = null;
      if (proceed) move();
      onChange(UNBLOCKED);
    };
    onChange({
      state: 'blocked',
      location: nextLocation,
      proceed: () => answer(true),
      reset: () => answer(false),
    });
  }

  function onPop(entry: HistoryEntry) {
    const passage = nextPop;
    nextPop = null;
    if (passage === 'ignore') return;
    let nextLocation = toLocation(entry);
    let nextIndex = entryState(entry.state)?.idx;
    if (nextIndex === undefined) {
      // An entry without our idx was made behind this history's back: a plain #fragment link
      // (the skip link, an error summary's links) has just pushed it after ours. It takes the
      // next position, so later moves from it count their steps right.
      nextIndex = index + 1;
      nextLocation = { ...nextLocation, key: createKey() };
      backend.write('replace', entry.path, {
        usr: null,
        key: nextLocation.key,
        idx: nextIndex,
      });
    }
    const delta = index - nextIndex;
    if (passage !== 'allow' && delta !== 0 && blocks(nextLocation, NavigationType.Pop)) {
      // The address bar already shows the next entry: step back to ours before asking.
      nextPop = 'ignore';
      backend.go(delta);
      hold(nextLocation, () => {
        nextPop = 'allow';
        backend.go(-delta);
      });
      return;
    }
    action = NavigationType.Pop;
    current = nextLocation;
    index = nextIndex;
    notify();
  }

  // Only watch while someone cares, so a history that is dropped (a finished test) stops
  // reacting to the window; catching up on the entry covers moves made while nobody watched.
  function watching() {
    const wanted = listeners.size > 0 || blocker !== null;
    if (wanted && stopWatching === null) {
      const entry = backend.read();
      current = toLocation(entry);
      index = entryState(entry.state)?.idx ?? index;
      stopWatching = backend.watch(onPop);
    } else if (!wanted && stopWatching !== null) {
      stopWatching();
      stopWatching = null;
    }
  }

  function move(mode: 'push' | 'replace', to: To, state: unknown) {
    const path = {
      ...current,
      search: '',
      hash: '',
      ...(typeof to === 'string' ? parsePath(to) : to),
    };
    const nextLocation: Location = {
      pathname: path.pathname,
      search: path.search,
      hash: path.hash,
      state: state ?? null,
      key: createKey(),
    };
    const nextAction = mode === 'push' ? NavigationType.Push : NavigationType.Replace;
    const go = () => {
      const nextIndex = mode === 'push' ? index + 1 : index;
      backend.write(mode, nextLocation, {
        usr: nextLocation.state,
        key: nextLocation.key,
        idx: nextIndex,
      });
      action = nextAction;
      current = nextLocation;
      index = nextIndex;
      notify();
    };
    if (blocks(nextLocation, nextAction)) hold(nextLocation, go);
    else go();
  }

  const createHref = (to: To) => (typeof to === 'string' ? to : createPath(to));

  return {
    get action() {
      return action;
    },
    get location() {
      return current;
    },
    createHref,
    // As React Router's own histories do, so a route path matches a URL with spaces or accents.
    encodeLocation(to) {
      const { pathname, search, hash } = new URL(createHref(to), 'http://localhost');
      return { pathname, search, hash };
    },
    push: (to, state, options) => {
      refuseUnhandledOptions(options);
      move('push', to, state);
    },
    replace: (to, state, options) => {
      refuseUnhandledOptions(options);
      move('replace', to, state);
    },
    go: (delta) => backend.go(delta),
    listen(listener) {
      listeners.add(listener);
      watching();
      return () => {
        listeners.delete(listener);
        watching();
      };
    },
    block(shouldBlock, onChange) {
      const installed = { shouldBlock, onChange };
      blocker = installed;
      held = null;
      watching();
      return () => {
        if (blocker !== installed) return;
        blocker = null;
        held = null;
        watching();
      };
    },
  };
}
