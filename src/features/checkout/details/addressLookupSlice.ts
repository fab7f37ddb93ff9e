import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Address } from '@contract/api/checkout';
import { injectLazySlice } from '@/app/rootReducer';

export type LookupCountry = 'GB' | 'US';

/** Why a search gave nothing to choose from; either way the buyer types the address. */
export type AddressLookupError = 'unavailable';

/**
 * The address finder (venue flag showAddressLookup): idle → loading → succeeded (with the
 * addresses, possibly none) | failed. What the buyer typed lives in the form, never here, so a
 * failed search cannot touch it.
 */
export interface AddressLookupState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** The postcode as searched, then as the service normalised it. */
  postcode: string | null;
  addresses: Address[];
  error: AddressLookupError | null;
}

const initialState: AddressLookupState = {
  status: 'idle',
  postcode: null,
  addresses: [],
  error: null,
};

const slice = createSlice({
  name: 'addressLookup',
  initialState,
  reducers: {
    lookupRequested: (
      _state,
      action: PayloadAction<{ country: LookupCountry; postcode: string }>,
    ) => ({ ...initialState, status: 'loading', postcode: action.payload.postcode }),
    lookupSucceeded: (state, action: PayloadAction<{ postcode: string; addresses: Address[] }>) => {
      state.status = 'succeeded';
      state.postcode = action.payload.postcode;
      state.addresses = action.payload.addresses;
    },
    lookupFailed: (state, action: PayloadAction<{ error: AddressLookupError }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    /** The step was left: the next visit starts with an empty finder. */
    lookupCleared: () => initialState,
  },
  selectors: {
    selectAddressLookup: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the checkout pages, not the first route (app/rootReducer.ts). */
export const addressLookupSlice = injectLazySlice(slice);

export const { lookupRequested, lookupSucceeded, lookupFailed, lookupCleared } =
  addressLookupSlice.actions;
export const { selectAddressLookup } = addressLookupSlice.selectors;
