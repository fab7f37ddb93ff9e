import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { OrderView } from '@contract/api/orders';
import { REGIONS, type Region } from '@contract/regions';
import { toApiError, toLoadErrorCode } from '@/api/errors';
import { getOrder, requestAppHandover } from '@/api/orders';
import { callAbortable } from '@/lib/sagaEffects';
import { withBookingSession } from '@/features/session/bookingSession';
import {
  handoverFailed,
  handoverReceived,
  handoverRequested,
  orderLoadFailed,
  orderLoaded,
  orderRequested,
} from './orderSlice';

/**
 * Reads the order. A link from the confirmation email names the order and its key but not where
 * it lives, so without a region each regional booking API is asked in turn: another region
 * answers 404 for an id it does not have, and the first that knows it wins.
 */
function* loadFlow({ payload: { orderId, key, region } }: ReturnType<typeof orderRequested>) {
  const regions: readonly Region[] = region === undefined ? REGIONS : [region];
  let lastError: unknown;
  for (const candidate of regions) {
    try {
      const order: OrderView = yield* callAbortable((signal) =>
        getOrder(candidate, orderId, key, signal),
      );
      yield put(orderLoaded({ order }));
      return;
    } catch (error) {
      lastError = error;
      if (toApiError(error).status !== 404) break;
    }
  }
  yield put(orderLoadFailed({ error: toLoadErrorCode(lastError) }));
}

/** One token per click; the buyer asks again for a fresh one when it has expired. */
function* handoverFlow({ payload: { orderId, region } }: ReturnType<typeof handoverRequested>) {
  try {
    const link = yield* withBookingSession((csrfToken) =>
      requestAppHandover(region, orderId, csrfToken),
    );
    yield put(handoverReceived({ link }));
  } catch {
    yield put(handoverFailed());
  }
}

export function* watchOrder() {
  yield takeLatest(orderRequested.type, loadFlow);
  yield takeLeading(handoverRequested.type, handoverFlow);
}
