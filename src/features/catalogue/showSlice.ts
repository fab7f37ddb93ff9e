import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShowContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { idleLoad, type LoadState } from '@/lib/loadState';

export interface ShowRef {
  region: Region;
  venueSlug: string;
  titleSlug: string;
}

export interface ShowState extends LoadState<ShowContent> {
  /** Which show the state describes, so a page never shows another show's data. */
  key: string | null;
}

export const showKey = (ref: Pick<ShowRef, 'venueSlug' | 'titleSlug'>) =>
  `${ref.venueSlug}/${ref.titleSlug}`;

const initialState: ShowState = { ...idleLoad<ShowContent>(), key: null };

export const showSlice = createSlice({
  name: 'show',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<ShowRef>) => {
      const key = showKey(action.payload);
      if (state.key !== key) state.data = null;
      state.key = key;
      state.status = 'loading';
      state.error = null;
    },
    loaded: (state, action: PayloadAction<{ key: string; content: ShowContent }>) => {
      if (state.key !== action.payload.key) return;
      state.status = 'succeeded';
      state.data = action.payload.content;
    },
    loadFailed: (state, action: PayloadAction<{ key: string; error: LoadErrorCode }>) => {
      if (state.key !== action.payload.key) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
  },
  selectors: {
    selectShow: (state) => state,
  },
});

export const { loadRequested, loaded, loadFailed } = showSlice.actions;
export const { selectShow } = showSlice.selectors;
