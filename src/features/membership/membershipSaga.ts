import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { toApiError, toLoadErrorCode } from '@/api/errors';
import type { Membership, MembershipOffer } from '@contract/api/members';
import {
  cancelMembership,
  getMembershipOffers,
  getMemberships,
  joinAccess,
  setAutoRenew,
} from '@/api/members';
import { signedIn, signedOut } from '@/features/auth/authSlice';
import { withBookingSession } from '@/features/session/bookingSession';
import { callAbortable } from '@/lib/sagaEffects';
import {
  accessJoinRequested,
  autoRenewRequested,
  cancelRequested,
  changeFailed,
  membershipChanged,
  membershipsCleared,
  membershipsFailed,
  membershipsLoaded,
  membershipsRequested,
  offersFailed,
  offersKey,
  offersLeft,
  offersLoaded,
  offersRequested,
  type MembershipChangeError,
} from './membershipSlice';

function* loadMemberships(
  action: ReturnType<typeof membershipsRequested> | ReturnType<typeof membershipsCleared>,
) {
  // Signed out while reading: takeLatest has already dropped the read, whose answer was theirs.
  if (!membershipsRequested.match(action)) return;
  try {
    const memberships: Membership[] = yield* callAbortable(getMemberships);
    yield put(membershipsLoaded({ memberships }));
  } catch (error) {
    // Nobody is signed in: a guest has no memberships, which is an answer, not a failure.
    if (toApiError(error).code === 'sign_in_required')
      yield put(membershipsLoaded({ memberships: null }));
    else yield put(membershipsFailed({ error: toLoadErrorCode(error) }));
  }
}

function* loadOffers(action: ReturnType<typeof offersRequested> | ReturnType<typeof offersLeft>) {
  if (!offersRequested.match(action)) return;
  const key = offersKey(action.payload);
  const { venueSlug, eligibility } = action.payload;
  try {
    const offers: MembershipOffer[] = yield* callAbortable((signal) =>
      getMembershipOffers(venueSlug, eligibility, signal),
    );
    yield put(offersLoaded({ key, offers }));
  } catch (error) {
    yield put(offersFailed({ key, error: toLoadErrorCode(error) }));
  }
}

function changeError(error: unknown): MembershipChangeError {
  const { code, status } = toApiError(error);
  if (code === 'sign_in_required') return 'signInRequired';
  if (code === 'validation_failed') return 'evidenceRefused';
  if (status === 403) return 'notEligible';
  if (status === 409) return 'alreadyMember';
  return 'general';
}

function* change(request: (csrfToken: string) => Promise<Membership>) {
  try {
    const membership: Membership = yield* withBookingSession(request);
    yield put(membershipChanged({ membership }));
  } catch (error) {
    yield put(changeFailed({ error: changeError(error) }));
  }
}

function* joinAccessFlow({ payload }: ReturnType<typeof accessJoinRequested>) {
  yield* change((csrfToken) => joinAccess(payload, csrfToken));
}

function* autoRenewFlow({ payload }: ReturnType<typeof autoRenewRequested>) {
  yield* change((csrfToken) => setAutoRenew(payload.scheme, payload.autoRenew, csrfToken));
}

function* cancelFlow({ payload }: ReturnType<typeof cancelRequested>) {
  yield* change((csrfToken) => cancelMembership(payload.scheme, csrfToken));
}

/**
 * Follows the sign-in (auth slice): whatever was read belonged to the last person, so a new
 * sign-in or a sign-out empties it, and the pages that need memberships read them again
 * (useMemberships) for whoever is signed in now.
 */
function* followSignIn() {
  yield put(membershipsCleared());
}

/** Reads follow the latest ask; each change is sent once however often it is pressed. */
export function* watchMembership() {
  yield takeEvery([signedIn.type, signedOut.type], followSignIn);
  yield takeLatest([membershipsRequested.type, membershipsCleared.type], loadMemberships);
  yield takeLatest([offersRequested.type, offersLeft.type], loadOffers);
  yield takeLeading(accessJoinRequested.type, joinAccessFlow);
  yield takeLeading(autoRenewRequested.type, autoRenewFlow);
  yield takeLeading(cancelRequested.type, cancelFlow);
}
