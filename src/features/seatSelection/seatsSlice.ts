import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { SEAT_STATUS } from '@contract/api/constants';
import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';
import type { LoadStatus } from '@/lib/loadState';

/** The notices a performance may carry; each must be acknowledged before the buyer goes on. */
export type NoticeKind = 'performanceNotice' | 'admissionSectionMessage';

/**
 * One performance's inventory as the buyer chooses from it: the plan (fixed), its live status,
 * and the buyer's choice so far — seats, or quantities per area and price option.
 */
export interface SeatsRequest {
  region: Region;
  performanceId: string;
  promoCode?: string;
}

export interface SeatsState {
  performanceId: string | null;
  /** What was last asked for, so a refresh (after someone took a seat) asks the same again. */
  request: SeatsRequest | null;
  status: LoadStatus;
  error: LoadErrorCode | null;
  plan: SeatingPlan | null;
  seatStatus: SeatStatus | null;
  /** Seat ids in the order the buyer picked them. */
  selected: string[];
  /** Picked seats a refresh found taken and took out of the choice: the page names them. */
  droppedSeatIds: string[];
  /** Places per `area/priceOption`. */
  quantities: Record<string, number>;
  /** The buyer tried to go past the venue's seat selection limit. */
  limitReached: boolean;
  acknowledged: Record<NoticeKind, boolean>;
}

const initialState: SeatsState = {
  performanceId: null,
  request: null,
  status: 'idle',
  error: null,
  plan: null,
  seatStatus: null,
  selected: [],
  droppedSeatIds: [],
  quantities: {},
  limitReached: false,
  acknowledged: { performanceNotice: false, admissionSectionMessage: false },
};

export const quantityKey = (area: string, priceOption: string) => `${area}/${priceOption}`;

const totalQuantity = (quantities: Record<string, number>) =>
  Object.values(quantities).reduce((sum, quantity) => sum + quantity, 0);

const slice = createSlice({
  name: 'seats',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<SeatsRequest>) => {
      // Another performance starts afresh; a refresh of this one keeps the picture and choice.
      if (state.performanceId !== action.payload.performanceId)
        return {
          ...initialState,
          performanceId: action.payload.performanceId,
          request: action.payload,
          status: 'loading',
        };
      state.request = action.payload;
      state.status = 'loading';
      state.error = null;
    },
    loaded: (
      state,
      action: PayloadAction<{ performanceId: string; plan: SeatingPlan; seatStatus: SeatStatus }>,
    ) => {
      if (state.performanceId !== action.payload.performanceId) return;
      const { plan, seatStatus } = action.payload;
      state.status = 'succeeded';
      state.plan = plan;
      state.seatStatus = seatStatus;
      // Seats someone else took since they were picked are dropped, and named on the page, so
      // nothing the buyer picked goes without a word.
      const index = new Map(plan.seats.id.map((id, i) => [id, i]));
      const taken = String(SEAT_STATUS.unavailable);
      const free = (id: string) => {
        const i = index.get(id);
        return i !== undefined && seatStatus.status[i] !== taken;
      };
      const dropped = state.selected.filter((id) => !free(id));
      if (dropped.length > 0) state.droppedSeatIds = dropped;
      state.selected = state.selected.filter(free);
    },
    loadFailed: (state, action: PayloadAction<{ performanceId: string; error: LoadErrorCode }>) => {
      if (state.performanceId !== action.payload.performanceId) return;
      state.status = 'failed';
      state.error = action.payload.error;
    },
    /** The page unmounted: a read still on its way is aborted (the saga), its answer unwanted. */
    left: (state) => {
      if (state.status === 'loading') state.status = 'idle';
    },
    seatToggled: (state, action: PayloadAction<{ seatId: string }>) => {
      const { seatId } = action.payload;
      state.droppedSeatIds = [];
      if (state.selected.includes(seatId)) {
        state.selected = state.selected.filter((id) => id !== seatId);
        state.limitReached = false;
        return;
      }
      const limit = state.seatStatus?.seatSelectionLimit ?? Infinity;
      if (state.selected.length >= limit) {
        state.limitReached = true;
        return;
      }
      state.selected.push(seatId);
    },
    selectionCleared: (state) => {
      state.selected = [];
      state.droppedSeatIds = [];
      state.quantities = {};
      state.limitReached = false;
    },
    quantityChanged: (
      state,
      action: PayloadAction<{ area: string; priceOption: string; quantity: number }>,
    ) => {
      const { area, priceOption } = action.payload;
      const key = quantityKey(area, priceOption);
      const others = totalQuantity(state.quantities) - (state.quantities[key] ?? 0);
      const limit = state.seatStatus?.seatSelectionLimit ?? Infinity;
      const remaining = state.seatStatus?.areas.find((a) => a.code === area)?.remaining ?? 0;
      const inArea = Object.entries(state.quantities)
        .filter(([k]) => k !== key && k.startsWith(`${area}/`))
        .reduce((sum, [, quantity]) => sum + quantity, 0);
      const wanted = Math.max(0, Math.floor(action.payload.quantity));
      const allowed = Math.min(wanted, limit - others, remaining - inArea);
      state.limitReached = wanted > limit - others;
      state.quantities[key] = Math.max(0, allowed);
    },
    noticeAcknowledged: (state, action: PayloadAction<NoticeKind>) => {
      state.acknowledged[action.payload] = true;
    },
  },
  selectors: {
    selectSeats: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the pages that choose a date and seats, not the first route (app/rootReducer.ts). */
export const seatsSlice = injectLazySlice(slice);

export const {
  loadRequested,
  loaded,
  loadFailed,
  left,
  seatToggled,
  selectionCleared,
  quantityChanged,
  noticeAcknowledged,
} = seatsSlice.actions;
export const { selectSeats } = seatsSlice.selectors;
