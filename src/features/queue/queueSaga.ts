import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, put, race, take, takeEvery, takeLatest } from 'redux-saga/effects';
import type { QueueSettings } from '@contract/api/content';
import type { QueueTicket } from '@contract/api/queue';
import { retryDelayMs } from '@contract/retrySchedule';
import { getQueueSettings } from '@/api/content';
import { toApiError } from '@/api/errors';
import { getQueuePosition, joinQueue, onQueuePassRefused } from '@/api/queue';
import { isConnectionFailure } from '@/lib/idempotentWrite';
import { withBookingSession } from '@/features/session/bookingSession';
import {
  followAborted,
  joinFailed,
  joinRequested,
  passRefused,
  settingsFailed,
  settingsLoaded,
  settingsRequested,
  ticketReceived,
  type JoinRequest,
  type QueueError,
} from './queueSlice';

/** The longest pause between tries while the server is failing: a minute, then try again. */
export const MAX_BACKOFF_MS = 60_000;
const FIRST_BACKOFF_MS = 2_000;
/** A fifth at most: see backoffMs. */
const BACKOFF_JITTER = 0.2;

export function toQueueError(error: unknown): QueueError {
  if (isConnectionFailure(error)) return 'connection';
  const apiError = toApiError(error);
  if (apiError.code === 'rate_limited' || apiError.status === 429) return 'rateLimited';
  if (apiError.status === 404) return 'notFound';
  if ((apiError.status ?? 0) >= 500) return 'connection';
  return 'general';
}

/**
 * How long to wait after the nth failure in a row: doubling from 2 s (or the server's own poll
 * interval, if longer) up to a minute, with up to a fifth added at random so that ten thousand
 * browsers refused at once do not all come back in the same second.
 */
export function backoffMs(failures: number, pollAfterSeconds: number | undefined): number {
  const firstMs = Math.max(FIRST_BACKOFF_MS, (pollAfterSeconds ?? 0) * 1000);
  return retryDelayMs({ firstMs, maxMs: MAX_BACKOFF_MS, jitter: BACKOFF_JITTER }, failures);
}

/**
 * Joins once (joining again answers with the same place, so a reload or a second tab finds
 * it), then asks for the position as often as the server's `pollAfterSeconds` says, until the
 * buyer is admitted. A failure keeps the last place on screen and backs off; a position the
 * server no longer knows (a new session cookie) is joined afresh.
 */
function* follow({ region, saleId }: JoinRequest) {
  let ticket: QueueTicket | null = null;
  let failures = 0;
  while (true) {
    try {
      const known: QueueTicket | null = ticket;
      ticket =
        known === null
          ? yield* withBookingSession((csrfToken) => joinQueue(region, saleId, csrfToken))
          : ((yield call(getQueuePosition, region, saleId)) as QueueTicket);
      failures = 0;
      yield put(ticketReceived({ ticket, receivedAt: Date.now() }));
      if (ticket.phase === 'admitted') return;
      yield delay(Math.max(1, ticket.pollAfterSeconds) * 1000);
    } catch (error) {
      failures += 1;
      const reason = toQueueError(error);
      yield put(joinFailed({ saleId, error: reason }));
      const pollAfter: number | undefined = ticket?.pollAfterSeconds;
      if (reason === 'notFound') ticket = null;
      yield delay(backoffMs(failures, pollAfter));
    }
  }
}

function* followUntilAborted(action: ReturnType<typeof joinRequested>) {
  const { saleId } = action.payload;
  yield race({
    followed: call(follow, action.payload),
    aborted: take(
      (candidate: unknown) => followAborted.match(candidate) && candidate.payload.saleId === saleId,
    ),
  });
}

function* loadSettings(action: ReturnType<typeof settingsRequested>) {
  const { region, venueSlug } = action.payload;
  try {
    const settings = (yield call(getQueueSettings, region, venueSlug)) as QueueSettings;
    yield put(settingsLoaded({ venueSlug, settings }));
  } catch {
    yield put(settingsFailed({ venueSlug }));
  }
}

function refusals(): EventChannel<true> {
  return eventChannel((emit) => onQueuePassRefused(() => emit(true)));
}

/** Every hold refused for want of a pass, whichever flow sent it, becomes `queue/passRefused`. */
function* watchRefusals() {
  const channel = (yield call(refusals)) as EventChannel<true>;
  try {
    while (true) {
      yield take(channel);
      yield put(passRefused());
    }
  } finally {
    channel.close();
  }
}

export function* watchQueue() {
  yield takeEvery(settingsRequested.type, loadSettings);
  // One room at a time: a buyer follows the place of the sale whose page they are on.
  yield takeLatest(joinRequested.type, followUntilAborted);
  yield call(watchRefusals);
}
