import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CmsRoot } from '@contract/api/content';
import type { Region } from '@contract/regions';
import type { LoadErrorCode } from '@/api/errors';
import { loadFailedFor, loadStarted, loadSucceeded, type KeyedLoadState } from '@/lib/loadIfStale';
import { idleLoad } from '@/lib/loadState';

/**
 * The directory's data: one CMS root per region, each loading and failing on its own. Each read
 * is keyed by its region, so a refresh keeps the root on screen and nothing else is ever dropped.
 */
export interface CmsState {
  byRegion: Partial<Record<Region, KeyedLoadState<CmsRoot>>>;
}

const initialState: CmsState = { byRegion: {} };
/** One shared object, so selectors return a stable value for regions not asked for yet. */
const IDLE: KeyedLoadState<CmsRoot> = { ...idleLoad<CmsRoot>(), key: null };

const regionRead = (state: CmsState, region: Region) =>
  (state.byRegion[region] ??= { ...idleLoad<CmsRoot>(), key: region });

export const cmsSlice = createSlice({
  name: 'cms',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<{ region: Region }>) => {
      const { region } = action.payload;
      loadStarted(regionRead(state, region), region);
    },
    loaded: (state, action: PayloadAction<{ region: Region; root: CmsRoot }>) => {
      const { region, root } = action.payload;
      loadSucceeded(regionRead(state, region), region, root);
    },
    loadFailed: (state, action: PayloadAction<{ region: Region; error: LoadErrorCode }>) => {
      const { region, error } = action.payload;
      loadFailedFor(regionRead(state, region), region, error);
    },
  },
  selectors: {
    selectCmsRegion: (state, region: Region) => state.byRegion[region] ?? IDLE,
    /** Every region's read at once (a stable object between changes), for What's on's counts. */
    selectCmsRegions: (state) => state.byRegion,
  },
});

export const { loadRequested, loaded, loadFailed } = cmsSlice.actions;
export const { selectCmsRegion, selectCmsRegions } = cmsSlice.selectors;
