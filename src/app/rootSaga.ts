import { spawn } from 'redux-saga/effects';
import { watchCms } from '@/features/cms/cmsSaga';
import { watchShow } from '@/features/show/showSaga';
import { watchVenue } from '@/features/venue/venueSaga';

/** `spawn`, not `fork`: one flow crashing must not take the others down with it. */
export function* rootSaga() {
  yield spawn(watchCms);
  yield spawn(watchVenue);
  yield spawn(watchShow);
}
