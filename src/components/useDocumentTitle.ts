import { useEffect } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { pageTitleChanged } from '@/lib/uiSlice';

/** Names the page for the browser tab and history; the frame adds the venue name. */
export function useDocumentTitle(title: string | null): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (title !== null) dispatch(pageTitleChanged(title));
  }, [dispatch, title]);
}
