import { call, cancel, cancelled, fork, take } from 'redux-saga/effects';
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

/** Calls `request` with an AbortSignal that fires if the saga is cancelled (takeLatest). */
export function* callAbortable<T>(request: (signal: AbortSignal) => Promise<T>): Generator<unknown, T, unknown> {
  const controller = new AbortController();
  try {
    return (yield call(request, controller.signal)) as T;
  } finally {
    if ((yield cancelled()) as boolean) controller.abort();
  }
}
