import { useDispatch, useSelector, useStore } from 'react-redux';
import type { Saga } from 'redux-saga';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/**
 * Starts the sagas of a lazily loaded feature on this store, each once. Called while rendering,
 * not in an effect: the pages below dispatch from their own effects, which run before a
 * parent's, and the flows must already be listening then.
 */
export function useSagas(sagas: readonly Saga<[]>[]): void {
  const store = useAppStore();
  for (const saga of sagas) store.runSagaOnce(saga);
}
