import type { Action } from '@reduxjs/toolkit';
import type { Channel } from 'redux-saga';
import { actionChannel, call, put, take, takeLatest } from 'redux-saga/effects';
import type { DetailsResponse } from '@contract/api/checkout';
import { getDetails, putDetails } from '@/api/details';
import { toApiError, toLoadErrorCode } from '@/api/errors';
import { idempotentWrite, isConnectionFailure, type UnansweredWrite } from '@/lib/idempotentWrite';
import { callAbortable } from '@/lib/sagaEffects';
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

export function toSaveError(error: unknown): DetailsSaveError {
  if (isConnectionFailure(error)) return 'connection';
  const apiError = toApiError(error);
  if (apiError.status === 410 || apiError.code === 'hold_expired') return 'expired';
  if (apiError.code === 'delivery_outside_country') return 'outsideCountry';
  if (apiError.code === 'validation_failed' && (apiError.fields?.length ?? 0) > 0) return 'fields';
  return 'general';
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

/**
 * Saves one step's part. A dropped connection is retried under the save's key; if the retries
 * run out and the buyer presses Continue again with the same values (`unanswered`: the last
 * save that never got an answer), the key is reused too, so a save that reached the server
 * meanwhile is answered rather than refused or made twice.
 */
function* saveFlow(action: ReturnType<typeof saveRequested>, unanswered: UnansweredWrite) {
  const { region, holdId, body, requestId } = action.payload;
  try {
    const response: DetailsResponse = yield* idempotentWrite(
      (idempotencyKey) =>
        withBookingSession((csrfToken) =>
          putDetails(region, holdId, body, { csrfToken, idempotencyKey }),
        ),
      { unanswered: { memory: unanswered, request: JSON.stringify([holdId, body]) } },
    );
    yield put(saved({ requestId, holdId, response }));
  } catch (error) {
    const reason = toSaveError(error);
    yield put(
      saveFailed({ requestId, error: reason, fields: [...(toApiError(error).fields ?? [])] }),
    );
    if (reason === 'expired') yield put(holdExpired());
  }
}

/** Saves go one at a time, in the order the buyer made them. */
function* saves() {
  const channel = (yield actionChannel(saveRequested.type)) as Channel<Action>;
  const unanswered: UnansweredWrite = {};
  while (true) {
    const action = (yield take(channel)) as ReturnType<typeof saveRequested>;
    yield call(saveFlow, action, unanswered);
  }
}

export function* watchDetails() {
  yield takeLatest(loadRequested.type, loadFlow);
  yield call(saves);
}
