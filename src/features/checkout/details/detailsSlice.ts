import { createSlice, nanoid, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type {
  CheckoutDetails,
  CheckoutOptions,
  DetailsResponse,
  PutDetailsBody,
} from '@contract/api/checkout';
import type { Region } from '@contract/regions';
import { injectConfig, rootReducer } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';
import type { LoadStatus } from '@/lib/loadState';
import { released } from '@/features/hold/reservationSlice';

/** The two steps that save details; each sends only its own part. */
export type DetailsStep = 'collection' | 'contacts';

/**
 * Why a save failed. `fields`: the server refused named fields (400 validation_failed), which
 * the form marks; `outsideCountry`: a posted address outside the venue's country (422);
 * `connection` survived the retries; `expired`: the hold is gone (the expiry dialog opens).
 */
export type DetailsSaveError = 'fields' | 'outsideCountry' | 'connection' | 'expired' | 'general';

export interface DetailsTarget {
  region: Region;
  holdId: string;
}

export interface DetailsSave {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  /** Which save the status is about, so a step acts only on the answer to its own. */
  requestId: string | null;
  error: DetailsSaveError | null;
  /** With `fields`: the paths the server named (`delivery.address.postcode`). */
  fields: string[];
}

/**
 * The details stored on the live hold and what it offers (delivery methods, questions). `status`
 * is the read (idle → loading → succeeded | failed); `save` is the last write.
 */
export interface DetailsState {
  holdId: string | null;
  status: LoadStatus;
  error: LoadErrorCode | null;
  details: CheckoutDetails | null;
  options: CheckoutOptions | null;
  save: DetailsSave;
}

const idleSave: DetailsSave = { status: 'idle', requestId: null, error: null, fields: [] };

const initialState: DetailsState = {
  holdId: null,
  status: 'idle',
  error: null,
  details: null,
  options: null,
  save: idleSave,
};

function receive(state: DetailsState, { details, options }: DetailsResponse): void {
  state.status = 'succeeded';
  state.error = null;
  state.details = details;
  state.options = options;
}

const slice = createSlice({
  name: 'details',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<DetailsTarget>) => {
      // Another hold's details must never prefill this one's form.
      if (state.holdId !== action.payload.holdId)
        return { ...initialState, holdId: action.payload.holdId, status: 'loading' };
      state.status = 'loading';
      state.error = null;
    },
    loaded: (state, action: PayloadAction<{ holdId: string; response: DetailsResponse }>) => {
      if (state.holdId === action.payload.holdId) receive(state, action.payload.response);
    },
    loadFailed: (state, action: PayloadAction<{ holdId: string; error: LoadErrorCode }>) => {
      if (state.holdId !== action.payload.holdId) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    saveRequested: {
      reducer: (
        state,
        action: PayloadAction<
          DetailsTarget & { step: DetailsStep; body: PutDetailsBody; requestId: string }
        >,
      ) => {
        state.save = { ...idleSave, status: 'saving', requestId: action.payload.requestId };
      },
      prepare: (payload: DetailsTarget & { step: DetailsStep; body: PutDetailsBody }) => ({
        payload: { ...payload, requestId: nanoid() },
      }),
    },
    saved: (
      state,
      action: PayloadAction<{ requestId: string; holdId: string; response: DetailsResponse }>,
    ) => {
      if (state.save.requestId !== action.payload.requestId) return;
      state.save = { ...idleSave, status: 'saved', requestId: action.payload.requestId };
      if (state.holdId === action.payload.holdId) receive(state, action.payload.response);
    },
    saveFailed: (
      state,
      action: PayloadAction<{ requestId: string; error: DetailsSaveError; fields?: string[] }>,
    ) => {
      const { requestId, error, fields = [] } = action.payload;
      if (state.save.requestId !== requestId) return;
      state.save = { status: 'failed', requestId, error, fields };
    },
  },
  extraReducers: (builder) => {
    // The hold is let go: its details go with it.
    builder.addCase(released, () => initialState);
  },
  selectors: {
    selectDetails: (state) => state,
    selectDetailsSave: (state) => state.save,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the checkout pages, not the first route (app/rootReducer.ts). */
export const detailsSlice = slice.injectInto(rootReducer, injectConfig);

export const { loadRequested, loaded, loadFailed, saveRequested, saved, saveFailed } =
  detailsSlice.actions;
export const { selectDetails, selectDetailsSave } = detailsSlice.selectors;
