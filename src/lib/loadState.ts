import type { LoadErrorCode } from '@/api/errors';

/** Every remote read is this small state machine: idle → loading → succeeded | failed. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface LoadState<T> {
  status: LoadStatus;
  data: T | null;
  error: LoadErrorCode | null;
}

export function idleLoad<T>(): LoadState<T> {
  return { status: 'idle', data: null, error: null };
}
