import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { LoadErrorCode } from '@/api/errors';
import type {
  AccessEvidenceKind,
  Membership,
  MembershipOffer,
  MembershipScheme,
} from '@contract/api/members';
import { injectLazySlice } from '@/app/rootReducer';
import type { CardProblems, PaymentProblem } from '@/features/payment/paymentSlice';
import { idleLoad, type LoadState } from '@/lib/loadState';
import {
  loadFailedFor,
  loadLeft,
  loadStarted,
  loadSucceeded,
  type KeyedLoadState,
} from '@/lib/loadIfStale';

/** Why a change to a membership (join, auto-renew, cancel) was refused, for the page's words. */
export type MembershipChangeError =
  'signInRequired' | 'evidenceRefused' | 'notEligible' | 'alreadyMember' | 'general';

export interface MembershipChange {
  status: 'idle' | 'sending' | 'succeeded' | 'failed';
  /** The scheme the change is about, so only its panel shows the outcome. */
  scheme: MembershipScheme | null;
  error: MembershipChangeError | null;
}

/**
 * The ATG+ purchase: idle → paying (card sent, purchase asked) → succeeded, or → redirecting (3-D
 * Secure) → paying again on /membership/verify; failed (declined, timed out, refused) or aborted
 * (no answer: `pending` sends the stored attempt again under its key).
 */
export interface MembershipPurchase {
  status: 'idle' | 'paying' | 'redirecting' | 'succeeded' | 'failed' | 'aborted';
  problem: PurchaseProblem | null;
  cardProblems: CardProblems;
  retryPending: boolean;
  /** Once joined: where the buyer came from (a members' presale), to go back and book. */
  returnTo: string | null;
}

export type PurchaseProblem =
  Exclude<PaymentProblem, 'holdLost' | 'detailsIncomplete'> | 'alreadyMember' | 'inFlight';

export interface MembershipState {
  /**
   * The signed-in buyer's memberships. Once read (`succeeded`), `data` null means a guest: the
   * service said no one is signed in (401 sign_in_required).
   */
  memberships: LoadState<Membership[]>;
  /** The venue's offers, keyed by venue and whether eligibility was asked (`hudson-stage/1`). */
  offers: KeyedLoadState<MembershipOffer[]>;
  change: MembershipChange;
  purchase: MembershipPurchase;
}

const initialState: MembershipState = {
  memberships: idleLoad(),
  offers: { ...idleLoad(), key: null },
  change: { status: 'idle', scheme: null, error: null },
  purchase: {
    status: 'idle',
    problem: null,
    cardProblems: {},
    retryPending: false,
    returnTo: null,
  },
};

export interface OffersTarget {
  venueSlug: string;
  /** Venue flag shouldCallEligibleExp, for a signed-in buyer: ask which offers they may join. */
  eligibility: boolean;
}

export const offersKey = ({ venueSlug, eligibility }: OffersTarget) =>
  `${venueSlug}/${eligibility ? 1 : 0}`;

function replaceMembership(state: MembershipState, membership: Membership): void {
  const others = (state.memberships.data ?? []).filter((item) => item.scheme !== membership.scheme);
  state.memberships = { status: 'succeeded', data: [...others, membership], error: null };
}

/**
 * membership/ (spec §3 "membership slice"): memberships idle → loading → succeeded | failed,
 * read when a buyer signs in or a signed-in session is found, emptied when they sign out; offers
 * per venue; one change at a time (join Access, auto-renew, cancel; the ATG+ purchase is the
 * payment's own flow and lands here as `membershipChanged`).
 */
export const membershipSlice = createSlice({
  name: 'membership',
  initialState,
  reducers: {
    membershipsRequested: (state) => {
      state.memberships.status = 'loading';
      state.memberships.error = null;
    },
    membershipsLoaded: (state, action: PayloadAction<{ memberships: Membership[] | null }>) => {
      state.memberships = { status: 'succeeded', data: action.payload.memberships, error: null };
    },
    membershipsFailed: (state, action: PayloadAction<{ error: LoadErrorCode }>) => {
      state.memberships.status = 'failed';
      state.memberships.error = action.payload.error;
    },
    /** Signed out (or the sign-in ended): nothing of the member's stays in the page. */
    membershipsCleared: (state) => {
      state.memberships = idleLoad();
      state.change = initialState.change;
      // Eligibility was the member's; the guest's list is read again.
      if (state.offers.key?.endsWith('/1')) state.offers = { ...idleLoad(), key: null };
    },
    offersRequested: (state, action: PayloadAction<OffersTarget>) => {
      loadStarted(state.offers, offersKey(action.payload));
    },
    offersLoaded: (state, action: PayloadAction<{ key: string; offers: MembershipOffer[] }>) => {
      loadSucceeded(state.offers, action.payload.key, action.payload.offers);
    },
    offersFailed: (state, action: PayloadAction<{ key: string; error: LoadErrorCode }>) => {
      loadFailedFor(state.offers, action.payload.key, action.payload.error);
    },
    offersLeft: (state) => {
      loadLeft(state.offers);
    },
    accessJoinRequested: (
      state,
      _action: PayloadAction<{
        venue: string;
        evidenceKind: AccessEvidenceKind;
        evidenceReference: string;
      }>,
    ) => {
      state.change = { status: 'sending', scheme: 'access', error: null };
    },
    autoRenewRequested: (
      state,
      action: PayloadAction<{ scheme: MembershipScheme; autoRenew: boolean }>,
    ) => {
      state.change = { status: 'sending', scheme: action.payload.scheme, error: null };
    },
    cancelRequested: (state, action: PayloadAction<{ scheme: MembershipScheme }>) => {
      state.change = { status: 'sending', scheme: action.payload.scheme, error: null };
    },
    /** A membership was joined, bought or changed: it replaces the one of its scheme. */
    membershipChanged: (state, action: PayloadAction<{ membership: Membership }>) => {
      replaceMembership(state, action.payload.membership);
      state.change = { status: 'succeeded', scheme: action.payload.membership.scheme, error: null };
    },
    changeFailed: (state, action: PayloadAction<{ error: MembershipChangeError }>) => {
      state.change.status = 'failed';
      state.change.error = action.payload.error;
    },
    /** The card is on its way to the payment service (the page tokenises it, not the saga). */
    purchaseStarted: (state) => {
      state.purchase = { ...initialState.purchase, status: 'paying' };
    },
    purchaseRequested: (
      state,
      _action: PayloadAction<{ venue: string; cardToken: string; returnTo: string | null }>,
    ) => {
      state.purchase = { ...initialState.purchase, status: 'paying' };
    },
    /** "Try again" after a lost answer: the stored attempt goes again under its key. */
    purchaseRetried: (state) => {
      state.purchase = { ...initialState.purchase, status: 'paying' };
    },
    /** Back from 3-D Secure on /membership/verify. */
    purchaseVerifyRequested: (state, _action: PayloadAction<{ paymentId: string }>) => {
      state.purchase = { ...initialState.purchase, status: 'paying' };
    },
    purchaseRedirecting: (state) => {
      state.purchase.status = 'redirecting';
    },
    purchaseSucceeded: (
      state,
      action: PayloadAction<{ membership: Membership; returnTo: string | null }>,
    ) => {
      replaceMembership(state, action.payload.membership);
      state.purchase = {
        ...initialState.purchase,
        status: 'succeeded',
        returnTo: action.payload.returnTo,
      };
    },
    purchaseFailed: (
      state,
      action: PayloadAction<{ problem: PurchaseProblem; cardProblems?: CardProblems }>,
    ) => {
      state.purchase = {
        status: 'failed',
        problem: action.payload.problem,
        cardProblems: action.payload.cardProblems ?? {},
        retryPending: false,
        returnTo: null,
      };
    },
    purchaseAborted: (state, action: PayloadAction<{ pending: boolean }>) => {
      state.purchase = {
        ...initialState.purchase,
        status: 'aborted',
        retryPending: action.payload.pending,
      };
    },
  },
  selectors: {
    selectMemberships: (state) => state.memberships,
    selectOffers: (state) => state.offers,
    selectMembershipChange: (state) => state.change,
    selectPurchase: (state) => state.purchase,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof membershipSlice> {}
}

const injected = injectLazySlice(membershipSlice);

export const {
  membershipsRequested,
  membershipsLoaded,
  membershipsFailed,
  membershipsCleared,
  offersRequested,
  offersLoaded,
  offersFailed,
  offersLeft,
  accessJoinRequested,
  autoRenewRequested,
  cancelRequested,
  membershipChanged,
  changeFailed,
  purchaseStarted,
  purchaseRequested,
  purchaseRetried,
  purchaseVerifyRequested,
  purchaseRedirecting,
  purchaseSucceeded,
  purchaseFailed,
  purchaseAborted,
} = membershipSlice.actions;

export const { selectMemberships, selectOffers, selectMembershipChange, selectPurchase } =
  injected.selectors;

/** The membership of `scheme` whose benefits apply now (a cancelled ATG+ to its term's end). */
export function currentMembership(
  memberships: readonly Membership[] | null,
  scheme: MembershipScheme,
): Membership | undefined {
  return memberships?.find((item) => item.scheme === scheme && item.benefitsActive);
}
