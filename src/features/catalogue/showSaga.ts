import { put, takeLatest } from 'redux-saga/effects';
import type { ShowContent } from '@contract/api/content';
import { getShowContent } from '@/api/content';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { loadFailed, loadRequested, loaded, showKey } from './showSlice';

function* loadShow(action: ReturnType<typeof loadRequested>) {
  const { region, venueSlug, titleSlug } = action.payload;
  const key = showKey(action.payload);
  try {
    const content: ShowContent = yield* callAbortable((signal) =>
      getShowContent(region, venueSlug, titleSlug, signal),
    );
    yield put(loaded({ key, content }));
  } catch (error) {
    yield put(loadFailed({ key, error: toLoadErrorCode(error) }));
  }
}

export function* watchShow() {
  yield takeLatest(loadRequested.type, loadShow);
}
