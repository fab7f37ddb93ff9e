import {
  combineSlices,
  type Slice,
  type SliceCaseReducers,
  type SliceSelectors,
} from '@reduxjs/toolkit';
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
 * `injectLazySlice(slice)`; until then its key is absent from the state, and its own selectors
 * answer with its initial state.
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
const injectConfig = { overrideExisting: import.meta.hot !== undefined };

/**
 * The one way a lazily loaded slice joins the store: called at the bottom of its own module, so
 * importing the module is what adds it. Answers the injected slice, whose selectors read the
 * initial state until then. (Its type still has to be added to `LazyLoadedSlices` by declaration
 * merging in the same module: TypeScript can only learn it there.)
 */
export function injectLazySlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(
  slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>,
  // Spelled out: inferred from the body, the type would go round rootReducer's own (never).
): ReturnType<typeof slice.injectInto<ReducerPath>> {
  return slice.injectInto(rootReducer, injectConfig);
}
