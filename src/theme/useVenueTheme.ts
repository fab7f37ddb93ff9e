import { useEffect, useState } from 'react';
import prebuilt from 'virtual:stagedoor/prebuilt-themes';
import type { VenueTheme } from '@contract/venue';
import type { Theme } from './buildTheme';
import { themeKey } from './themeKey';

const builtHere = new Map<string, Theme>();

/**
 * The finished theme for a venue's tokens: built at compile time for every venue and `?cfg=`
 * override, so no colour maths ships on the first route. Other tokens (a made-up test theme)
 * are built from a lazy chunk; until it arrives the hook returns undefined, and a chunk that
 * fails to load is rethrown to the nearest error boundary.
 */
export function useVenueTheme(tokens: VenueTheme): Theme | undefined {
  const key = themeKey(tokens);
  const ready = prebuilt[key] ?? builtHere.get(key);
  const [failure, setFailure] = useState<Error | undefined>(undefined);
  const [, setBuilt] = useState(0);
  useEffect(() => {
    if (ready !== undefined) return;
    let current = true;
    import('./buildTheme').then(
      ({ buildTheme }) => {
        builtHere.set(key, buildTheme(tokens));
        if (current) setBuilt((n) => n + 1);
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      current = false;
    };
  }, [key, ready, tokens]);
  if (failure !== undefined) throw failure;
  return ready;
}
