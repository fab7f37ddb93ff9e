import { put, takeLatest } from 'redux-saga/effects';
import type { AddressLookupResponse } from '@contract/api/checkout';
import { lookupAddresses } from '@/api/addressLookup';
import { toApiError } from '@/api/errors';
import { callAbortable } from '@/lib/sagaEffects';
import { lookupFailed, lookupRequested, lookupSucceeded } from './addressLookupSlice';

/**
 * One search at a time: a newer search (the buyer corrected the postcode) cancels the older.
 * A postcode the service does not know or refuses is an empty list, not a failure: the buyer
 * sees "no addresses found" and types the address.
 */
function* lookupFlow({ payload: { country, postcode } }: ReturnType<typeof lookupRequested>) {
  try {
    const response: AddressLookupResponse = yield* callAbortable((signal) =>
      lookupAddresses(country, postcode, signal),
    );
    yield put(lookupSucceeded({ postcode: response.postcode, addresses: response.addresses }));
  } catch (error) {
    const { kind, status } = toApiError(error);
    if (kind === 'http' && (status === 400 || status === 404))
      yield put(lookupSucceeded({ postcode, addresses: [] }));
    else yield put(lookupFailed({ error: 'unavailable' }));
  }
}

export function* watchAddressLookup() {
  yield takeLatest(lookupRequested.type, lookupFlow);
}
