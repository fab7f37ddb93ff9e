import { CANCEL } from 'redux-saga';
import { call, cancel, fork, take } from 'redux-saga/effects';
import type { Task } from 'redux-saga';
import type { Action } from '@reduxjs/toolkit';

/**
 * Like takeLatest, but "latest" per key: a retry of one directory region cancels only that
 * region's earlier request, not the others loading beside it.
 */
export function takeLatestBy<A extends Action>(
  matches: (action: Action) => action is A,
  keyOf: (action: A) => string,
  worker: (action: A) => Generator,
) {
  return fork(function* watcher() {
    const tasks = new Map<string, Task>();
    while (true) {
      const action: A = yield take(matches);
      const key = keyOf(action);
      const previous = tasks.get(key);
      if (previous?.isRunning()) yield cancel(previous);
      tasks.set(key, (yield fork(worker, action)) as Task);
    }
  });
}

/** The promise redux-saga cancels: it calls `[CANCEL]` when the task waiting on it is cancelled. */
function abortableRequest<T>(request: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  return Object.assign(request(controller.signal), { [CANCEL]: () => controller.abort() });
}

/**
 * Calls `request` with an AbortSignal that fires if the saga is cancelled (takeLatest).
 * Cancellation goes through redux-saga's own `CANCEL` hook on the promise, never through a
 * `yield` in a `finally`: yielding there would swallow the cancellation, and the caller would
 * carry on with redux-saga's cancel token as if it were the response.
 */
export function* callAbortable<T>(
  request: (signal: AbortSignal) => Promise<T>,
): Generator<unknown, T, unknown> {
  return (yield call(abortableRequest<T>, request)) as T;
}
