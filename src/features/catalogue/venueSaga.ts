import { put, takeLatest } from 'redux-saga/effects';
import type { QueueSettings, VenueContent } from '@contract/api/content';
import { getQueueSettings, getVenueContent } from '@/api/content';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { loadFailed, loadRequested, loaded } from './venueSlice';

function* loadVenue(action: ReturnType<typeof loadRequested>) {
  const { region, venueSlug } = action.payload;
  try {
    const [content, queue]: [VenueContent, QueueSettings | null] = yield* callAbortable((signal) =>
      Promise.all([
        getVenueContent(region, venueSlug, signal),
        // A venue without queue settings simply has no queue in front of it.
        getQueueSettings(region, venueSlug, signal).catch(() => null),
      ]),
    );
    yield put(loaded({ venueSlug, content, queue }));
  } catch (error) {
    yield put(loadFailed({ venueSlug, error: toLoadErrorCode(error) }));
  }
}

export function* watchVenue() {
  yield takeLatest(loadRequested.type, loadVenue);
}
