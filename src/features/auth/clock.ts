import { delay } from 'redux-saga/effects';

/** How often a long wait looks at the clock again. */
const STEP_MS = 15_000;

/**
 * Waits until `time` on the page's clock. In short steps rather than one long timer: a laptop
 * that slept, or a clock moved on (a test's fake clock), is noticed within a step, not after
 * the whole original wait.
 */
export function* delayUntil(time: number) {
  for (let left = time - Date.now(); left > 0; left = time - Date.now()) {
    yield delay(Math.min(left, STEP_MS));
  }
}
