import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CalendarPromo } from '@contract/api/calendar';
import type { PromoStatus } from '@contract/api/calendarQuery';
import { injectLazySlice } from '@/app/rootReducer';
import { readAppliedPromos } from './promoStorage';

/** Where a code came from: a `?pc=` link (a bad one gets its own page) or the calendar's form. */
export type PromoSource = 'link' | 'manual';

export interface PromoEntry {
  /** As the buyer typed or linked it; the server matches codes in any letter case. */
  code: string;
  /** As the venue issued it, once the server has said; for display. */
  label: string;
  source: PromoSource;
  /** `checking` until the calendar read with the code answers; `removed` by the buyer. */
  status: 'checking' | PromoStatus | 'removed';
  /**
   * For `removed`: the page visit (router location key) it was removed on. The `?pc=` link still
   * in that page's address must not apply it again; a later visit to the link may.
   */
  removedOn?: string;
  kind: CalendarPromo['kind'];
  discountPercent: number | null;
  /** For `applied`: the performances the code can be used for, in every month. */
  performanceIds: string[];
}

export type AppliedPromo = PromoEntry & { status: 'applied' };

export interface PromoState {
  /** One code per show (`venueSlug/titleSlug`): a code is for a show, not for the whole visit. */
  byShow: Record<string, PromoEntry>;
}

export interface ShowOf {
  venueSlug: string;
  titleSlug: string;
}

export const promoShowKey = ({ venueSlug, titleSlug }: ShowOf) => `${venueSlug}/${titleSlug}`;

export function isApplied(entry: PromoEntry | undefined): entry is AppliedPromo {
  return entry?.status === 'applied';
}

/**
 * none → checking (entered) → applied | invalid | expired | notForEvent | notQualified;
 * applied → removed (kept, to tell a removed link code from a new one). Applied codes outlive a reload (session storage), so the tickets page of a
 * reloaded tab still prices with the buyer's code.
 */
const slice = createSlice({
  name: 'promo',
  initialState: (): PromoState => ({ byShow: readAppliedPromos() }),
  reducers: {
    codeEntered: (state, action: PayloadAction<ShowOf & { code: string; source: PromoSource }>) => {
      const { code, source } = action.payload;
      state.byShow[promoShowKey(action.payload)] = {
        code,
        label: code,
        source,
        status: 'checking',
        kind: null,
        discountPercent: null,
        performanceIds: [],
      };
    },
    /** The calendar read with `code` answered with what the code is. */
    checked: (state, action: PayloadAction<ShowOf & { code: string; promo: CalendarPromo }>) => {
      const entry = state.byShow[promoShowKey(action.payload)];
      if (entry === undefined || entry.code !== action.payload.code) return;
      const { promo } = action.payload;
      entry.status = promo.status;
      entry.label = promo.code;
      entry.kind = promo.kind;
      entry.discountPercent = promo.discountPercent;
      entry.performanceIds = promo.performanceIds;
    },
    removed: (state, action: PayloadAction<ShowOf & { visit: string }>) => {
      const entry = state.byShow[promoShowKey(action.payload)];
      if (entry === undefined) return;
      entry.status = 'removed';
      entry.removedOn = action.payload.visit;
    },
  },
  selectors: {
    selectPromoEntry: (state, venueSlug: string, titleSlug: string): PromoEntry | undefined =>
      state.byShow[promoShowKey({ venueSlug, titleSlug })],
    /** The code the buyer has applied to this show, or null: what the tickets page prices with. */
    selectAppliedPromo: (state, venueSlug: string, titleSlug: string): AppliedPromo | null => {
      const entry = state.byShow[promoShowKey({ venueSlug, titleSlug })];
      return isApplied(entry) ? entry : null;
    },
    /** The code reads of this show carry: one being checked or applied, none after a refusal. */
    selectRequestCode: (state, venueSlug: string, titleSlug: string): string | undefined => {
      const entry = state.byShow[promoShowKey({ venueSlug, titleSlug })];
      return entry?.status === 'checking' || entry?.status === 'applied' ? entry.code : undefined;
    },
  },
});

declare module '@/app/rootReducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface LazyLoadedSlices extends WithSlice<typeof slice> {}
}

/** Loads with the pages that choose a date and seats, not the first route (app/rootReducer.ts). */
export const promoSlice = injectLazySlice(slice);

export const { codeEntered, checked, removed } = promoSlice.actions;
export const { selectPromoEntry, selectAppliedPromo, selectRequestCode } = promoSlice.selectors;
