import { put, take, takeLatest, takeLeading } from 'redux-saga/effects';
import type { AccountOrder, Profile } from '@contract/api/members';
import type { OrderView } from '@contract/api/orders';
import { toApiError, toLoadErrorCode } from '@/api/errors';
import { getAccountOrder, getAccountOrders, getProfile, putProfile } from '@/api/members';
import { signedIn, signedOut } from '@/features/auth/authSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import { callAbortable } from '@/lib/sagaEffects';
import {
  accountCleared,
  orderFailed,
  orderLeft,
  orderLoaded,
  orderRequested,
  ordersFailed,
  ordersLoaded,
  ordersRequested,
  profileFailed,
  profileLoaded,
  profileRequested,
  profileSaveFailed,
  profileSaved,
  profileSaveRequested,
} from './accountSlice';

function* loadProfile() {
  try {
    const profile: Profile = yield* callAbortable(getProfile);
    yield put(profileLoaded({ profile }));
  } catch (error) {
    yield put(profileFailed({ error: toLoadErrorCode(error) }));
  }
}

/** `body.address.postcode` → `address.postcode`, as the form names its fields. */
const formField = (field: string) => field.replace(/^body\./, '');

function* saveProfile({ payload }: ReturnType<typeof profileSaveRequested>) {
  try {
    const profile: Profile = yield* withBookingSession((csrfToken) =>
      putProfile(payload, csrfToken),
    );
    yield put(profileSaved({ profile }));
  } catch (error) {
    yield put(profileSaveFailed({ fields: (toApiError(error).fields ?? []).map(formField) }));
  }
}

function* loadOrders() {
  try {
    const orders: AccountOrder[] = yield* callAbortable(getAccountOrders);
    yield put(ordersLoaded({ orders }));
  } catch (error) {
    yield put(ordersFailed({ error: toLoadErrorCode(error) }));
  }
}

function* loadOrder(action: ReturnType<typeof orderRequested> | ReturnType<typeof orderLeft>) {
  if (!orderRequested.match(action)) return;
  const { orderId } = action.payload;
  try {
    const order: OrderView = yield* callAbortable((signal) => getAccountOrder(orderId, signal));
    yield put(orderLoaded({ order }));
  } catch (error) {
    yield put(orderFailed({ orderId, error: toLoadErrorCode(error) }));
  }
}

/** Another person may sign in on this tab: what the last one's account showed goes. */
function* clearOnSignInChange() {
  while (true) {
    yield take([signedIn.type, signedOut.type]);
    yield put(accountCleared());
  }
}

export function* watchAccount() {
  yield takeLatest(profileRequested.type, loadProfile);
  yield takeLeading(profileSaveRequested.type, saveProfile);
  yield takeLatest(ordersRequested.type, loadOrders);
  yield takeLatest([orderRequested.type, orderLeft.type], loadOrder);
  yield* clearOnSignInChange();
}
