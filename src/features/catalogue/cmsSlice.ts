import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CmsRoot } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { idleLoad, type LoadState } from '@/lib/loadState';

/** The directory's data: one CMS root per region, each loading and failing on its own. */
export interface CmsState {
  byRegion: Partial<Record<Region, LoadState<CmsRoot>>>;
}

const initialState: CmsState = { byRegion: {} };
/** One shared object, so selectors return a stable value for regions not asked for yet. */
const IDLE = idleLoad<CmsRoot>();

export const cmsSlice = createSlice({
  name: 'cms',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<{ region: Region }>) => {
      const previous = state.byRegion[action.payload.region];
      state.byRegion[action.payload.region] = {
        status: 'loading',
        data: previous?.data ?? null,
        error: null,
      };
    },
    loaded: (state, action: PayloadAction<{ region: Region; root: CmsRoot }>) => {
      state.byRegion[action.payload.region] = {
        status: 'succeeded',
        data: action.payload.root,
        error: null,
      };
    },
    loadFailed: (state, action: PayloadAction<{ region: Region; error: LoadErrorCode }>) => {
      const previous = state.byRegion[action.payload.region];
      state.byRegion[action.payload.region] = {
        status: 'failed',
        data: previous?.data ?? null,
        error: action.payload.error,
      };
    },
  },
  selectors: {
    selectCmsRegion: (state, region: Region) => state.byRegion[region] ?? IDLE,
  },
});

export const { loadRequested, loaded, loadFailed } = cmsSlice.actions;
export const { selectCmsRegion } = cmsSlice.selectors;
