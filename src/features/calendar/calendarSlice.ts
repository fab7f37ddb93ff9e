import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Calendar } from '@contract/api/calendar';
import type { Region } from '@contract/regions';
import { injectLazySlice } from '@/app/rootReducer';
import type { LoadErrorCode } from '@/api/errors';
import {
  loadFailedFor,
  loadLeft,
  loadStarted,
  loadSucceeded,
  type KeyedLoadState,
} from '@/lib/loadIfStale';
import { idleLoad } from '@/lib/loadState';

/** One calendar read: a show's month (or its first month on sale), with or without a code. */
export interface CalendarRequest {
  region: Region;
  venueSlug: string;
  titleSlug: string;
  /** `YYYY-MM`; left out, the server answers with the first month that has performances. */
  month?: string;
  promoCode?: string;
}

/** `key`: which read the state describes, so a page never shows another month's or code's data. */
export interface CalendarState extends KeyedLoadState<Calendar> {
  /** The code the data was read with (its prices include that code's discount). */
  promoCode: string | null;
  /**
   * The last calendar that arrived, kept while the next month loads, so the month bar and the
   * fee notice stay put instead of flashing away.
   */
  latest: Calendar | null;
}

export const calendarKey = ({ venueSlug, titleSlug, month, promoCode }: CalendarRequest) =>
  `${venueSlug}/${titleSlug}/${month ?? 'first'}/${promoCode ?? ''}`;

const initialState: CalendarState = {
  ...idleLoad<Calendar>(),
  key: null,
  promoCode: null,
  latest: null,
};

/** idle → loading → succeeded | failed; `left` (the page unmounted) aborts a read in flight. */
const slice = createSlice({
  name: 'calendar',
  initialState,
  reducers: {
    loadRequested: (state, action: PayloadAction<CalendarRequest>) => {
      loadStarted(state, calendarKey(action.payload));
      state.promoCode = action.payload.promoCode ?? null;
    },
    loaded: (state, action: PayloadAction<{ key: string; calendar: Calendar }>) => {
      const { key, calendar } = action.payload;
      if (loadSucceeded(state, key, calendar)) state.latest = calendar;
    },
    loadFailed: (state, action: PayloadAction<{ key: string; error: LoadErrorCode }>) => {
      loadFailedFor(state, action.payload.key, action.payload.error);
    },
    left: (state) => {
      loadLeft(state);
    },
  },
  selectors: {
    selectCalendar: (state) => state,
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the pages that choose a date and seats, not the first route (app/rootReducer.ts). */
export const calendarSlice = injectLazySlice(slice);

export const { loadRequested, loaded, loadFailed, left } = calendarSlice.actions;
export const { selectCalendar } = calendarSlice.selectors;
