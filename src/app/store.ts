import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga, type SagaMiddleware, type Task } from 'redux-saga';
import { rootReducer } from './rootReducer';
import { rootSaga } from './rootSaga';

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Starts a lazily loaded feature's saga on one store unless it already runs there. Callers may
 * ask on every render (StrictMode renders twice). Under hot reload an edited saga module brings a
 * new function of the same name: the old task is cancelled so one copy answers each action. Only
 * development keys by name; a production build's minified names may repeat across chunks.
 */
function sagaStarter(sagaMiddleware: SagaMiddleware) {
  const running = new Map<unknown, { saga: Saga<[]>; task: Task }>();
  return function runSagaOnce(saga: Saga<[]>): void {
    const key = import.meta.hot !== undefined && saga.name !== '' ? saga.name : saga;
    const current = running.get(key);
    if (current?.saga === saga) return;
    current?.task.cancel();
    running.set(key, { saga, task: sagaMiddleware.run(saga) });
  };
}

/**
 * A fresh store per app start and per test, as in the official Redux Vite template. State of a
 * lazily loaded slice can be preloaded only once its module has been imported (injected).
 */
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
  return Object.assign(store, { runSagaOnce: sagaStarter(sagaMiddleware) });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
