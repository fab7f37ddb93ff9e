import { describe, expect, it } from 'vitest';
import { runSaga, stdChannel, type Saga } from 'redux-saga';
import { put, takeLatest } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { callAbortable } from './sagaEffects';

/** Runs a watcher against a plain channel and records every action it puts. */
function runWatcher(watcher: Saga) {
  const channel = stdChannel();
  const dispatched: Action[] = [];
  const task = runSaga({ channel, dispatch: (action: Action) => dispatched.push(action) }, watcher);
  return { emit: (action: Action) => channel.put(action), dispatched, task };
}

describe('callAbortable', () => {
  it('aborts the superseded request and never reports it as loaded (takeLatest)', async () => {
    const signals: AbortSignal[] = [];
    const resolvers: ((value: string) => void)[] = [];
    function* load() {
      const body: string = yield* callAbortable(
        (signal) =>
          new Promise<string>((resolve) => {
            signals.push(signal);
            resolvers.push(resolve);
          }),
      );
      yield put({ type: 'loaded', payload: body } as Action);
    }
    const { emit, dispatched, task } = runWatcher(function* () {
      yield takeLatest('load', load);
    });

    emit({ type: 'load' });
    emit({ type: 'load' }); // e.g. React StrictMode running the effect twice
    expect(signals).toHaveLength(2);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[1]!.aborted).toBe(false);

    resolvers[1]!('second');
    await Promise.resolve();
    await Promise.resolve();
    expect(dispatched).toEqual([{ type: 'loaded', payload: 'second' }]);
    task.cancel();
  });
});
