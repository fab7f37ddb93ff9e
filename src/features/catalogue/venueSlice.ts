import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QueueSettings, VenueContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { idleLoad, type LoadState } from '@/lib/loadState';

export interface VenueRef {
  region: Region;
  venueSlug: string;
}

export interface VenueState extends LoadState<VenueContent> {
  venueSlug: string | null;
  /** Queue settings are advisory: the venue page still renders when they fail to load. */
  queue: QueueSettings | null;
}

const initialState: VenueState = { ...idleLoad<VenueContent>(), venueSlug: null, queue: null };

export const venueSlice = createSlice({
  name: 'venue',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<VenueRef>) => {
      if (state.venueSlug !== action.payload.venueSlug) {
        state.data = null;
        state.queue = null;
      }
      state.venueSlug = action.payload.venueSlug;
      state.status = 'loading';
      state.error = null;
    },
    loaded: (
      state,
      action: PayloadAction<{
        venueSlug: string;
        content: VenueContent;
        queue: QueueSettings | null;
      }>,
    ) => {
      if (state.venueSlug !== action.payload.venueSlug) return;
      state.status = 'succeeded';
      state.data = action.payload.content;
      state.queue = action.payload.queue;
    },
    loadFailed: (state, action: PayloadAction<{ venueSlug: string; error: LoadErrorCode }>) => {
      if (state.venueSlug !== action.payload.venueSlug) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
  },
  selectors: {
    selectVenue: (state) => state,
  },
});

export const { loadRequested, loaded, loadFailed } = venueSlice.actions;
export const { selectVenue } = venueSlice.selectors;
