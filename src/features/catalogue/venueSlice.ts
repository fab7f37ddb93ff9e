import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueueSettings, VenueContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { loadFailedFor, loadStarted, loadSucceeded, type KeyedLoadState } from '@/lib/loadIfStale';
import { idleLoad } from '@/lib/loadState';

export interface VenueRef {
  region: Region;
  venueSlug: string;
}

/** `key`: the slug of the venue the state describes, so a page never shows another venue. */
export interface VenueState extends KeyedLoadState<VenueContent> {
  /** Queue settings are advisory: the venue page still renders when they fail to load. */
  queue: QueueSettings | null;
}

const initialState: VenueState = { ...idleLoad<VenueContent>(), key: null, queue: null };

export const venueSlice = createSlice({
  name: 'venue',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<VenueRef>) => {
      if (state.key !== action.payload.venueSlug) state.queue = null;
      loadStarted(state, action.payload.venueSlug);
    },
    loaded: (
      state,
      action: PayloadAction<{
        venueSlug: string;
        content: VenueContent;
        queue: QueueSettings | null;
      }>,
    ) => {
      const { venueSlug, content, queue } = action.payload;
      if (loadSucceeded(state, venueSlug, content)) state.queue = queue;
    },
    loadFailed: (state, action: PayloadAction<{ venueSlug: string; error: LoadErrorCode }>) => {
      loadFailedFor(state, action.payload.venueSlug, action.payload.error);
    },
  },
  selectors: {
    selectVenue: (state) => state,
  },
});

export const { loadRequested, loaded, loadFailed } = venueSlice.actions;
export const { selectVenue } = venueSlice.selectors;
