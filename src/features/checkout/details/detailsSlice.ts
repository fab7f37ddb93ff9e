import { createSlice, nanoid, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { DetailsResponse, PutDetailsBody } from '@contract/api/checkout';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';
import { loadFailedFor, loadStarted, loadSucceeded, type KeyedLoadState } from '@/lib/loadIfStale';
import { idleLoad } from '@/lib/loadState';
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
 * The details stored on the live hold and what it offers (delivery methods, questions). `key` is
 * the hold's id and `status` the read (idle → loading → succeeded | failed); `save` is the last
 * write, whose answer replaces `data` like a read's.
 */
export interface DetailsState extends KeyedLoadState<DetailsResponse> {
  save: DetailsSave;
}

const idleSave: DetailsSave = { status: 'idle', requestId: null, error: null, fields: [] };

const initialState: DetailsState = { ...idleLoad<DetailsResponse>(), key: null, save: idleSave };

const slice = createSlice({
  name: 'details',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<DetailsTarget>) => {
      // Another hold's details must never prefill this one's form, nor its save answer it.
      if (state.key !== action.payload.holdId) state.save = idleSave;
      loadStarted(state, action.payload.holdId);
    },
    loaded: (state, action: PayloadAction<{ holdId: string; response: DetailsResponse }>) => {
      loadSucceeded(state, action.payload.holdId, action.payload.response);
    },
    loadFailed: (state, action: PayloadAction<{ holdId: string; error: LoadErrorCode }>) => {
      loadFailedFor(state, action.payload.holdId, action.payload.error);
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
      loadSucceeded(state, action.payload.holdId, action.payload.response);
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
export const detailsSlice = injectLazySlice(slice);

export const { loadRequested, loaded, loadFailed, saveRequested, saved, saveFailed } =
  detailsSlice.actions;
export const { selectDetails, selectDetailsSave } = detailsSlice.selectors;
