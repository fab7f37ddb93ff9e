import { combineSlices, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { cmsSlice } from '@/features/cms/cmsSlice';
import { reservationSlice } from '@/features/reservation/reservationSlice';
import { sessionSlice } from '@/features/session/sessionSlice';
import { showSlice } from '@/features/show/showSlice';
import { uiSlice } from '@/features/ui/uiSlice';
import { venueSlice } from '@/features/venue/venueSlice';
import { rootSaga } from './rootSaga';

const rootReducer = combineSlices(
  cmsSlice,
  venueSlice,
  showSlice,
  sessionSlice,
  reservationSlice,
  uiSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

/** A fresh store per app start and per test, as in the official Redux Vite template. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
