import { delay } from 'redux-saga/effects';
import { retryDelayMs, type RetrySchedule } from '@contract/retrySchedule';
import { toApiError } from '@/api/errors';
import { newIdempotencyKey } from './idempotencyKey';

/** Connection failures of a write are retried this many times, under the same key. */
export const WRITE_RETRIES = 2;
/** The first retry waits this long, the second twice as long. */
export const WRITE_RETRY_DELAY_MS = 1_000;
const WRITE_RETRY_SCHEDULE: RetrySchedule = { firstMs: WRITE_RETRY_DELAY_MS };

/** The answer never arrived: the connection dropped or timed out. */
export function isConnectionFailure(error: unknown): boolean {
  const { kind } = toApiError(error);
  return kind === 'network' || kind === 'timeout';
}

/**
 * Worth asking again with the same key: the connection dropped, or the first try is still being
 * worked on (409 `idempotency_in_flight`, after a timeout on a slow network) and will answer.
 */
function isRetryable(error: unknown): boolean {
  return isConnectionFailure(error) || toApiError(error).code === 'idempotency_in_flight';
}

/**
 * The key of the last write whose answer never came (the connection failed through every retry).
 * It may still have been done on the server: sending the same request again under that key is
 * answered with what was done, rather than refused or done twice. One per flow, kept by its saga.
 */
export interface UnansweredWrite {
  current?: { request: string; idempotencyKey: string };
}

export interface IdempotentWriteOptions {
  /** The key to send under when the write brings its own (a basket change); else a fresh one. */
  idempotencyKey?: string;
  /**
   * Reuse the unanswered key when `request` (the write's identity, e.g. its JSON) is the same
   * as the unanswered one's; remember this write's key if it goes unanswered too.
   */
  unanswered?: { memory: UnansweredWrite; request: string };
}

/**
 * A state-changing call sent with an Idempotency-Key: a dropped connection (or a copy still in
 * flight) is retried under the same key, so a write that did reach the server is answered, not
 * made twice. `send` makes one try with the key (through the booking session); the last failure
 * is thrown for the flow to map to its own error.
 */
export function* idempotentWrite<T>(
  send: (idempotencyKey: string) => Generator<unknown, T, unknown>,
  { idempotencyKey: own, unanswered }: IdempotentWriteOptions = {},
): Generator<unknown, T, unknown> {
  const last = unanswered?.memory.current;
  const idempotencyKey =
    last !== undefined && last.request === unanswered?.request
      ? last.idempotencyKey
      : (own ?? newIdempotencyKey());
  if (unanswered !== undefined) unanswered.memory.current = undefined;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return yield* send(idempotencyKey);
    } catch (error) {
      if (isRetryable(error) && attempt < WRITE_RETRIES) {
        yield delay(retryDelayMs(WRITE_RETRY_SCHEDULE, attempt + 1));
        continue;
      }
      if (unanswered !== undefined && isConnectionFailure(error))
        unanswered.memory.current = { request: unanswered.request, idempotencyKey };
      throw error;
    }
  }
}
