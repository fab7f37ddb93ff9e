import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { AppHandover, OrderView } from '@contract/api/orders';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';

/**
 * The order on the confirmation page: the one just paid for (the pay answer carries it), or one
 * read again by its id — by the session that bought it, or with its secret link's key. The app
 * handover is a one-time token asked for on the buyer's click.
 */
export interface OrderState {
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  order: OrderView | null;
  error: LoadErrorCode | null;
  handover: {
    status: 'idle' | 'loading' | 'succeeded' | 'failed';
    link: AppHandover | null;
  };
}

const initialState: OrderState = {
  status: 'idle',
  order: null,
  error: null,
  handover: { status: 'idle', link: null },
};

export interface OrderTarget {
  orderId: string;
  /** The secret link's key; without it only the buying session may read the order. */
  key?: string;
  /** Where the order lives; unknown for a link from an email, so every region is asked. */
  region?: Region;
}

const slice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    orderRequested: (state, action: PayloadAction<OrderTarget>) => {
      if (state.order?.id !== action.payload.orderId) {
        state.order = null;
        state.handover = initialState.handover;
      }
      state.status = 'loading';
      state.error = null;
    },
    orderLoaded: (state, action: PayloadAction<{ order: OrderView }>) => {
      if (state.order?.id !== action.payload.order.id) state.handover = initialState.handover;
      state.status = 'succeeded';
      state.order = action.payload.order;
      state.error = null;
    },
    orderLoadFailed: (state, action: PayloadAction<{ error: LoadErrorCode }>) => {
      state.status = 'failed';
      state.error = action.payload.error;
    },
    handoverRequested: (state, _action: PayloadAction<{ orderId: string; region: Region }>) => {
      state.handover = { status: 'loading', link: null };
    },
    handoverReceived: (state, action: PayloadAction<{ link: AppHandover }>) => {
      state.handover = { status: 'succeeded', link: action.payload.link };
    },
    handoverFailed: (state) => {
      state.handover = { status: 'failed', link: null };
    },
  },
  selectors: {
    selectOrderState: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the checkout pages, not the first route (app/rootReducer.ts). */
export const orderSlice = injectLazySlice(slice);

export const {
  orderRequested,
  orderLoaded,
  orderLoadFailed,
  handoverRequested,
  handoverReceived,
  handoverFailed,
} = orderSlice.actions;
export const { selectOrderState } = orderSlice.selectors;
