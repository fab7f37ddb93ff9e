import type { Location, NavigationType, Navigator } from 'react-router';

/**
 * The shop's own history (issue 13): React Router in declarative mode renders whatever location
 * this object reports, and every Link, navigate() and back/forward goes through it. Owning it
 * keeps the leave guard (spec §4 "Leaving") without React Router's data router, whose 29 kB
 * gzip on the first route was the largest part a buyer's phone downloaded for nothing else.
 */

/** One move from where the buyer is to where they are going. */
export interface Transition {
  currentLocation: Location;
  nextLocation: Location;
  action: NavigationType;
}

/** Answers true to hold a move back until the buyer decides (proceed or reset). */
export type BlockerFunction = (transition: Transition) => boolean;

/** The state of the one blocker, shaped like React Router's own Blocker. */
export type Blocker =
  | { state: 'unblocked'; location: undefined; proceed: undefined; reset: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

export interface AppHistory extends Navigator {
  readonly action: NavigationType;
  readonly location: Location;
  /** Called after each move that happened (not after one held back). Returns the unsubscribe. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
  /**
   * Installs the blocker (one at a time; a second call replaces the first). A move it answers
   * true for does not happen: `onChange` gets the held move with proceed/reset, and again with
   * `unblocked` once either is called. Returns the uninstall.
   */
  block(shouldBlock: BlockerFunction, onChange: (blocker: Blocker) => void): () => void;
}
