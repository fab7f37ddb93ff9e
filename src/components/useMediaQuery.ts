import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, following changes (a phone turned sideways, a window
 * resized). Where matchMedia does not exist (tests, old engines) it answers false, the narrow
 * layout, which works everywhere.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const read = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, read, () => false);
}
