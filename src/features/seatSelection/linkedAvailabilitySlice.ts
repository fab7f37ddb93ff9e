import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SeatStatus } from '@contract/api/holds';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';
import type { LoadStatus } from '@/lib/loadState';

/**
 * The "linked availabilities" flow of spec §4 (issue 24): a two-part show's seats page reads the
 * other part's availability beside its own (request, success, failure), and the seat map shows a
 * seat free only when both answers say so.
 */
export interface LinkedAvailabilityRequest {
  region: Region;
  /** The performance whose seats page this is. */
  forPerformanceId: string;
  /** Its other part, whose availability is read. */
  performanceId: string;
  promoCode?: string;
}

export interface LinkedAvailabilityState {
  request: LinkedAvailabilityRequest | null;
  status: LoadStatus;
  error: LoadErrorCode | null;
  seatStatus: SeatStatus | null;
}

const initialState: LinkedAvailabilityState = {
  request: null,
  status: 'idle',
  error: null,
  seatStatus: null,
};

const slice = createSlice({
  name: 'linkedAvailability',
  initialState,
  reducers: {
    linkedRequested: (state, action: PayloadAction<LinkedAvailabilityRequest>) => {
      // Another pair starts afresh; a re-read of this one keeps the answer it has meanwhile.
      const same = state.request?.performanceId === action.payload.performanceId;
      return {
        ...(same ? state : initialState),
        request: action.payload,
        status: 'loading',
        error: null,
      };
    },
    linkedLoaded: (state, action: PayloadAction<SeatStatus>) => {
      if (state.request?.performanceId !== action.payload.performanceId) return;
      state.status = 'succeeded';
      state.seatStatus = action.payload;
    },
    linkedLoadFailed: (
      state,
      action: PayloadAction<{ performanceId: string; error: LoadErrorCode }>,
    ) => {
      if (state.request?.performanceId !== action.payload.performanceId) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    /** The performance shown is a single one: nothing linked to read. */
    linkedCleared: () => initialState,
  },
  selectors: {
    selectLinkedAvailability: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the seats page's flows, like the seats slice. */
export const linkedAvailabilitySlice = injectLazySlice(slice);

export const { linkedRequested, linkedLoaded, linkedLoadFailed, linkedCleared } =
  linkedAvailabilitySlice.actions;
export const { selectLinkedAvailability } = linkedAvailabilitySlice.selectors;
