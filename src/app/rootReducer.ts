import { combineSlices } from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/authSlice';
import { cmsSlice } from '@/features/catalogue/cmsSlice';
import { reservationSlice } from '@/features/hold/reservationSlice';
import { sessionSlice } from '@/features/session/sessionSlice';
import { showSlice } from '@/features/catalogue/showSlice';
import { uiSlice } from '@/lib/uiSlice';
import { venueSlice } from '@/features/catalogue/venueSlice';

/**
 * Slices that load with the pages needing them (choosing and checkout), so the first page a buyer
 * opens does not download them. Each adds itself here by declaration merging, beside its
 * `injectInto(rootReducer, injectConfig)`; until then its key is absent from the state, and its
 * own selectors answer with its initial state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

/**
 * What every page needs. The reservation is here because a reload on any page must find the
 * tab's hold again (holdStorage) and the checkout guard waits for that.
 */
export const rootReducer = combineSlices(
  cmsSlice,
  venueSlice,
  showSlice,
  sessionSlice,
  reservationSlice,
  uiSlice,
  authSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

/** A slice module edited under hot reload brings a new reducer: it replaces the old one. */
export const injectConfig = { overrideExisting: import.meta.hot !== undefined };
