import { put, takeLeading } from 'redux-saga/effects';
import { requestTicketsAgain } from '@/api/findTickets';
import { toApiError } from '@/api/errors';
import { withBookingSession } from '@/features/session/bookingSession';
import { ticketsRequested, ticketsRequestFailed, ticketsRequestSent } from './findTicketsSlice';

function* requestTickets({ payload }: ReturnType<typeof ticketsRequested>) {
  try {
    yield* withBookingSession((csrfToken) => requestTicketsAgain(payload, csrfToken));
    yield put(ticketsRequestSent());
  } catch (error) {
    const { status, code } = toApiError(error);
    yield put(
      ticketsRequestFailed({
        error: status === 429 || code === 'rate_limited' ? 'rate_limited' : 'retry',
      }),
    );
  }
}

/** One request at a time: a double click sends one email, not two. */
export function* watchFindTickets() {
  yield takeLeading(ticketsRequested.type, requestTickets);
}
