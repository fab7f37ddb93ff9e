import { useEffect, useState } from 'react';
import shopThemes from 'virtual:stagedoor/prebuilt-themes';
import type { VenueTheme } from '@contract/venue';
import type { Theme } from './buildTheme';
import { themeKey } from './themeKey';
import { loadedVenueThemes, loadVenueThemes } from './venueThemes';

const builtHere = new Map<string, Theme>();

function findTheme(key: string): Theme | undefined {
  return shopThemes[key] ?? loadedVenueThemes()?.[key] ?? builtHere.get(key);
}

/**
 * The finished theme for a venue's tokens: built at compile time for the shop frame, every venue
 * and `?cfg=` override, so no colour maths ships on the first route. The shop frame's are at hand
 * at once; a venue's arrive with the venues' theme chunk (venueThemes.ts). Other tokens (a
 * made-up test theme) are built from a lazy chunk. Until a theme is ready the hook returns
 * undefined, and a chunk that fails to load is rethrown to the nearest error boundary.
 */
export function useVenueTheme(tokens: VenueTheme): Theme | undefined {
  const key = themeKey(tokens);
  const ready = findTheme(key);
  const [failure, setFailure] = useState<Error | undefined>(undefined);
  const [, setBuilt] = useState(0);
  useEffect(() => {
    if (ready !== undefined) return;
    let current = true;
    loadVenueThemes()
      .then(async (venueThemes) => {
        if (venueThemes[key] !== undefined) return;
        const { buildTheme } = await import('./buildTheme');
        builtHere.set(key, buildTheme(tokens));
      })
      .then(
        () => {
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
