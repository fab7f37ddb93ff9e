import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AccountOrder, Profile, ProfileBody } from '@contract/api/members';
import type { OrderView } from '@contract/api/orders';
import type { LoadErrorCode } from '@/api/errors';
import { injectLazySlice } from '@/app/rootReducer';
import { idleLoad, type LoadState } from '@/lib/loadState';
import {
  loadFailedFor,
  loadLeft,
  loadStarted,
  loadSucceeded,
  type KeyedLoadState,
} from '@/lib/loadIfStale';

/** Why the profile was not saved: the fields the service refused, or no answer at all. */
export interface ProfileSave {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  /** The refused fields as the form names them (`phone`, `address.postcode`). */
  fields: string[];
}

export interface AccountState {
  profile: LoadState<Profile>;
  save: ProfileSave;
  orders: LoadState<AccountOrder[]>;
  /** One order of the account, keyed by its id. */
  order: KeyedLoadState<OrderView>;
}

const initialState: AccountState = {
  profile: idleLoad(),
  save: { status: 'idle', fields: [] },
  orders: idleLoad(),
  order: { ...idleLoad(), key: null },
};

/**
 * My account (issue 14): the profile (read, saved; a refusal keeps the form as typed), the
 * account's orders and one order with its tickets. Each read idle → loading → succeeded | failed;
 * everything goes when the buyer signs out.
 */
export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    profileRequested: (state) => {
      state.profile.status = 'loading';
      state.profile.error = null;
    },
    profileLoaded: (state, action: PayloadAction<{ profile: Profile }>) => {
      state.profile = { status: 'succeeded', data: action.payload.profile, error: null };
    },
    profileFailed: (state, action: PayloadAction<{ error: LoadErrorCode }>) => {
      state.profile.status = 'failed';
      state.profile.error = action.payload.error;
    },
    profileSaveRequested: (state, _action: PayloadAction<ProfileBody>) => {
      state.save = { status: 'saving', fields: [] };
    },
    profileSaved: (state, action: PayloadAction<{ profile: Profile }>) => {
      state.profile = { status: 'succeeded', data: action.payload.profile, error: null };
      state.save = { status: 'saved', fields: [] };
    },
    profileSaveFailed: (state, action: PayloadAction<{ fields: string[] }>) => {
      state.save = { status: 'failed', fields: action.payload.fields };
    },
    ordersRequested: (state) => {
      state.orders.status = 'loading';
      state.orders.error = null;
    },
    ordersLoaded: (state, action: PayloadAction<{ orders: AccountOrder[] }>) => {
      state.orders = { status: 'succeeded', data: action.payload.orders, error: null };
    },
    ordersFailed: (state, action: PayloadAction<{ error: LoadErrorCode }>) => {
      state.orders.status = 'failed';
      state.orders.error = action.payload.error;
    },
    orderRequested: (state, action: PayloadAction<{ orderId: string }>) => {
      loadStarted(state.order, action.payload.orderId);
    },
    orderLoaded: (state, action: PayloadAction<{ order: OrderView }>) => {
      loadSucceeded(state.order, action.payload.order.id, action.payload.order);
    },
    orderFailed: (state, action: PayloadAction<{ orderId: string; error: LoadErrorCode }>) => {
      loadFailedFor(state.order, action.payload.orderId, action.payload.error);
    },
    orderLeft: (state) => {
      loadLeft(state.order);
    },
    /** Signed out: nothing of the account stays in the page. */
    accountCleared: () => initialState,
  },
  selectors: {
    selectProfile: (state) => state.profile,
    selectProfileSave: (state) => state.save,
    selectAccountOrders: (state) => state.orders,
    selectAccountOrder: (state) => state.order,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof accountSlice> {}
}

const injected = injectLazySlice(accountSlice);

export const {
  profileRequested,
  profileLoaded,
  profileFailed,
  profileSaveRequested,
  profileSaved,
  profileSaveFailed,
  ordersRequested,
  ordersLoaded,
  ordersFailed,
  orderRequested,
  orderLoaded,
  orderFailed,
  orderLeft,
  accountCleared,
} = accountSlice.actions;

export const { selectProfile, selectProfileSave, selectAccountOrders, selectAccountOrder } =
  injected.selectors;
