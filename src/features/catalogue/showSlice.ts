import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShowContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { loadFailedFor, loadStarted, loadSucceeded, type KeyedLoadState } from '@/lib/loadIfStale';
import { idleLoad } from '@/lib/loadState';

export interface ShowRef {
  region: Region;
  venueSlug: string;
  titleSlug: string;
}

/** `key`: which show the state describes, so a page never shows another show's data. */
export type ShowState = KeyedLoadState<ShowContent>;

export const showKey = (ref: Pick<ShowRef, 'venueSlug' | 'titleSlug'>) =>
  `${ref.venueSlug}/${ref.titleSlug}`;

const initialState: ShowState = { ...idleLoad<ShowContent>(), key: null };

export const showSlice = createSlice({
  name: 'show',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<ShowRef>) => {
      loadStarted(state, showKey(action.payload));
    },
    loaded: (state, action: PayloadAction<{ key: string; content: ShowContent }>) => {
      loadSucceeded(state, action.payload.key, action.payload.content);
    },
    loadFailed: (state, action: PayloadAction<{ key: string; error: LoadErrorCode }>) => {
      loadFailedFor(state, action.payload.key, action.payload.error);
    },
  },
  selectors: {
    selectShow: (state) => state,
  },
});

export const { loadRequested, loaded, loadFailed } = showSlice.actions;
export const { selectShow } = showSlice.selectors;
