import { put } from 'redux-saga/effects';
import type { CmsRoot } from '@contract/api/content';
import { getCmsRoot } from '@/api/content';
import { toLoadErrorCode } from '@/api/errors';
import { callAbortable, takeLatestBy } from '@/lib/sagaEffects';
import { loadFailed, loadRequested, loaded } from './cmsSlice';

function* loadCmsRoot(action: ReturnType<typeof loadRequested>) {
  const { region } = action.payload;
  try {
    const root: CmsRoot = yield* callAbortable((signal) => getCmsRoot(region, signal));
    yield put(loaded({ region, root }));
  } catch (error) {
    yield put(loadFailed({ region, error: toLoadErrorCode(error) }));
  }
}

export function* watchCms() {
  yield takeLatestBy(loadRequested.match, (action) => action.payload.region, loadCmsRoot);
}
