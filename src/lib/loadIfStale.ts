import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { Action } from '@reduxjs/toolkit';
import type { LoadErrorCode } from '@/api/errors';
import type { LoadState, LoadStatus } from './loadState';

/**
 * Asks for a read when the state does not describe `target` (another hold, another show) or
 * describes it without a read behind it (`idle`: never read, or a read aborted when its page was
 * left). A target already loading, loaded or failed is not asked again: "Try again" does that.
 * `request` makes the read's `loadRequested` action; keep it stable (a module-level function).
 */
export function useLoadIfStale<T>(
  target: T | null,
  current: boolean,
  status: LoadStatus,
  request: (target: T) => Action,
): void {
  const dispatch = useDispatch();
  useEffect(() => {
    if (target !== null && (!current || status === 'idle')) dispatch(request(target));
  }, [dispatch, target, current, status, request]);
}

/**
 * A read that names what it describes (a show, a month of a calendar), so a page never shows
 * another one's data and a late answer to an earlier request is dropped. The case reducers a
 * slice's `loadRequested` / `loaded` / `loadFailed` / `left` apply to it.
 */
export interface KeyedLoadState<T> extends LoadState<T> {
  key: string | null;
}

/** A read of `key` starts: another key's data goes, this key's stays shown while it refreshes. */
export function loadStarted<T>(state: KeyedLoadState<T>, key: string): void {
  if (state.key !== key) state.data = null;
  state.key = key;
  state.status = 'loading';
  state.error = null;
}

/** The answer for `key` arrived; false (and nothing changed) when the state moved on. */
export function loadSucceeded<T>(state: KeyedLoadState<T>, key: string, data: T): boolean {
  if (state.key !== key) return false;
  state.status = 'succeeded';
  state.data = data;
  // A save's answer can land on a failed read (details): what it brings is the state now.
  state.error = null;
  return true;
}

/** The read of `key` failed; an answer for a key the state left is ignored. */
export function loadFailedFor<T>(
  state: KeyedLoadState<T>,
  key: string,
  error: LoadErrorCode,
): void {
  if (state.key !== key) return;
  state.status = 'failed';
  state.error = error;
}

/**
 * The page was left while reading (the saga aborts the request): back to idle and to no key, so
 * coming back asks again instead of waiting for an answer that will never come.
 */
export function loadLeft<T>(state: KeyedLoadState<T>): void {
  if (state.status !== 'loading') return;
  state.status = 'idle';
  state.key = null;
}
