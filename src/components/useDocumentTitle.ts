import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { pageTitleChanged } from '@/lib/uiSlice';

/** Names the page for the browser tab and history; the frame adds the venue name. */
export function useDocumentTitle(title: string | null): void {
  // The plain hook: shared code knows nothing of the app's store, and this action needs no thunk typing.
  const dispatch = useDispatch();
  useEffect(() => {
    if (title !== null) dispatch(pageTitleChanged(title));
  }, [dispatch, title]);
}
