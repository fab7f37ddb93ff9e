import { useEffect, useState } from 'react';
import shopThemes from 'virtual:stagedoor/prebuilt-themes';
import type { VenueTheme } from '@contract/venue';
import { SHOP_THEME } from '@/components/layout/shopFrame';
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
 * undefined. A chunk that fails or does not arrive in time gives way to the shop frame's theme,
 * which came with the first route, so the page (or its error page, which explains the failed
 * chunk and offers a reload) is still drawn, as the venue's text gives way to the source's.
 */
export function useVenueTheme(tokens: VenueTheme): Theme | undefined {
  const key = themeKey(tokens);
  const ready = findTheme(key);
  const [failedKey, setFailedKey] = useState<string | undefined>(undefined);
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
        () => {
          if (current) setFailedKey(key);
        },
      );
    return () => {
      current = false;
    };
  }, [key, ready, tokens]);
  return ready ?? (failedKey === key ? shopThemes[themeKey(SHOP_THEME)] : undefined);
}
