import type { Action } from '@reduxjs/toolkit';
import type { Channel } from 'redux-saga';
import { actionChannel, call, delay, put, take, takeLatest } from 'redux-saga/effects';
import type { DetailsResponse } from '@contract/api/checkout';
import { getDetails, putDetails } from '@/api/details';
import { toApiError, toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { newIdempotencyKey } from '@/features/hold/idempotencyKey';
import { holdExpired } from '@/features/hold/reservationSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import {
  loadFailed,
  loadRequested,
  loaded,
  saveFailed,
  saveRequested,
  saved,
  type DetailsSaveError,
} from './detailsSlice';

/** Connection failures of a save are retried this many times, under the same key. */
const CONNECTION_RETRIES = 2;
const RETRY_DELAY_MS = 1_000;

export function toSaveError(error: unknown): DetailsSaveError {
  const apiError = toApiError(error);
  if (apiError.kind === 'network' || apiError.kind === 'timeout') return 'connection';
  if (apiError.status === 410 || apiError.code === 'hold_expired') return 'expired';
  if (apiError.code === 'delivery_outside_country') return 'outsideCountry';
  if (apiError.code === 'validation_failed' && (apiError.fields?.length ?? 0) > 0) return 'fields';
  return 'general';
}

function isRetryable(error: unknown): boolean {
  return toSaveError(error) === 'connection' || toApiError(error).code === 'idempotency_in_flight';
}

function* loadFlow({ payload: { region, holdId } }: ReturnType<typeof loadRequested>) {
  try {
    const response: DetailsResponse = yield* callAbortable((signal) =>
      getDetails(region, holdId, signal),
    );
    yield put(loaded({ holdId, response }));
  } catch (error) {
    yield put(loadFailed({ holdId, error: toLoadErrorCode(error) }));
    if (toApiError(error).status === 410) yield put(holdExpired());
  }
}

/** The last save that never got an answer: sent again unchanged, it is the same request. */
type Unanswered = { holdId: string; body: string; idempotencyKey: string };

/**
 * Saves one step's part. A dropped connection is retried under the save's key; if the retries
 * run out and the buyer presses Continue again with the same values, the key is reused too, so
 * a save that reached the server meanwhile is answered rather than refused or made twice.
 */
function* saveFlow(action: ReturnType<typeof saveRequested>, unanswered: Unanswered | null) {
  const { region, holdId, body, requestId } = action.payload;
  const json = JSON.stringify(body);
  const idempotencyKey =
    unanswered !== null && unanswered.holdId === holdId && unanswered.body === json
      ? unanswered.idempotencyKey
      : newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response: DetailsResponse = yield* withBookingSession((csrfToken) =>
        putDetails(region, holdId, body, { csrfToken, idempotencyKey }),
      );
      yield put(saved({ requestId, holdId, response }));
      return null;
    } catch (error) {
      if (isRetryable(error) && attempt < CONNECTION_RETRIES) {
        yield delay(RETRY_DELAY_MS * (attempt + 1));
        continue;
      }
      const reason = toSaveError(error);
      yield put(
        saveFailed({ requestId, error: reason, fields: [...(toApiError(error).fields ?? [])] }),
      );
      if (reason === 'expired') yield put(holdExpired());
      return reason === 'connection' ? { holdId, body: json, idempotencyKey } : null;
    }
  }
}

/** Saves go one at a time, in the order the buyer made them. */
function* saves() {
  const channel = (yield actionChannel(saveRequested.type)) as Channel<Action>;
  let unanswered: Unanswered | null = null;
  while (true) {
    const action = (yield take(channel)) as ReturnType<typeof saveRequested>;
    unanswered = (yield call(saveFlow, action, unanswered)) as Unanswered | null;
  }
}

export function* watchDetails() {
  yield takeLatest(loadRequested.type, loadFlow);
  yield call(saves);
}
