import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { calendarSlice } from '@/features/calendar/calendarSlice';
import { cmsSlice } from '@/features/cms/cmsSlice';
import { promoSlice } from '@/features/promo/promoSlice';
import { reservationSlice } from '@/features/reservation/reservationSlice';
import { seatsSlice } from '@/features/seats/seatsSlice';
import { sessionSlice } from '@/features/session/sessionSlice';
import { showSlice } from '@/features/show/showSlice';
import { uiSlice } from '@/features/ui/uiSlice';
import { venueSlice } from '@/features/venue/venueSlice';
import { rootSaga } from './rootSaga';

const rootReducer = combineSlices(
  cmsSlice,
  venueSlice,
  showSlice,
  calendarSlice,
  promoSlice,
  sessionSlice,
  reservationSlice,
  seatsSlice,
  uiSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store per app start and per test, as in the official Redux Vite template. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // The development checks walk the whole state after every action; an arena plan is
        // 160,000 plain values that never change, so they skip it.
        immutableCheck: { ignoredPaths: ['seats.plan'] },
        serializableCheck: { ignoredPaths: ['seats.plan'] },
      }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
