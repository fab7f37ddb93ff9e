import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { configureStore, createSlice, type Action, type PayloadAction } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import type { LoadErrorCode } from '@/api/errors';
import {
  loadFailedFor,
  loadLeft,
  loadStarted,
  loadSucceeded,
  useLoadIfStale,
  type KeyedLoadState,
} from './loadIfStale';
import type { LoadStatus } from './loadState';

const initialState: KeyedLoadState<string> = { status: 'idle', data: null, error: null, key: null };
const slice = createSlice({
  name: 'thing',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<string>) => loadStarted(state, action.payload),
    loaded: (state, action: PayloadAction<{ key: string; data: string }>) =>
      void loadSucceeded(state, action.payload.key, action.payload.data),
    loadFailed: (state, action: PayloadAction<{ key: string; error: LoadErrorCode }>) =>
      loadFailedFor(state, action.payload.key, action.payload.error),
    left: (state) => loadLeft(state),
  },
});
const { loadRequested, loaded, loadFailed, left } = slice.actions;
const run = (...actions: Action[]) => actions.reduce(slice.reducer, initialState);

describe('keyed load reducers', () => {
  it('keeps the data of the same key while it refreshes, drops another key’s', () => {
    const shown = run(loadRequested('a'), loaded({ key: 'a', data: 'A' }));
    expect(slice.reducer(shown, loadRequested('a'))).toEqual({
      status: 'loading',
      data: 'A',
      error: null,
      key: 'a',
    });
    expect(slice.reducer(shown, loadRequested('b')).data).toBeNull();
  });

  it('ignores a late answer or failure for a key the state left', () => {
    const state = run(loadRequested('a'), loadRequested('b'));
    expect(slice.reducer(state, loaded({ key: 'a', data: 'A' }))).toBe(state);
    expect(slice.reducer(state, loadFailed({ key: 'a', error: 'server' }))).toBe(state);
    expect(slice.reducer(state, loadFailed({ key: 'b', error: 'server' }))).toMatchObject({
      status: 'failed',
      error: 'server',
    });
  });

  it('an answer for the key clears a failure before it (a save answering a failed read)', () => {
    const failed = run(loadRequested('a'), loadFailed({ key: 'a', error: 'server' }));
    expect(slice.reducer(failed, loaded({ key: 'a', data: 'A' }))).toMatchObject({
      status: 'succeeded',
      data: 'A',
      error: null,
    });
  });

  it('leaving while loading goes back to idle and no key; leaving a loaded read keeps it', () => {
    expect(run(loadRequested('a'), left())).toMatchObject({ status: 'idle', key: null });
    const shown = run(loadRequested('a'), loaded({ key: 'a', data: 'A' }));
    expect(slice.reducer(shown, left())).toBe(shown);
  });
});

describe('useLoadIfStale', () => {
  function render(props: { target: string | null; current: boolean; status: LoadStatus }) {
    const seen: Action[] = [];
    const store = configureStore({ reducer: slice.reducer });
    const dispatch = store.dispatch;
    store.dispatch = ((action: Action) => {
      seen.push(action);
      return dispatch(action);
    }) as typeof store.dispatch;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const hook = renderHook(
      (p: typeof props) => useLoadIfStale(p.target, p.current, p.status, loadRequested),
      { initialProps: props, wrapper },
    );
    return { seen, rerender: hook.rerender };
  }

  it('asks for a target the state does not describe, or describes without a read', () => {
    expect(render({ target: 'a', current: false, status: 'succeeded' }).seen).toEqual([
      loadRequested('a'),
    ]);
    expect(render({ target: 'a', current: true, status: 'idle' }).seen).toEqual([
      loadRequested('a'),
    ]);
  });

  it('leaves a target alone that is loading, loaded or failed, and asks for none without one', () => {
    for (const status of ['loading', 'succeeded', 'failed'] as const)
      expect(render({ target: 'a', current: true, status }).seen).toEqual([]);
    expect(render({ target: null, current: false, status: 'idle' }).seen).toEqual([]);
  });

  it('asks again when the target changes', () => {
    const { seen, rerender } = render({ target: 'a', current: true, status: 'succeeded' });
    rerender({ target: 'b', current: false, status: 'succeeded' });
    expect(seen).toEqual([loadRequested('b')]);
  });
});
