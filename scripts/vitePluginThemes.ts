import type { Plugin } from 'vite';
import type { VenueTheme } from '../contract/venue.ts';
import { loadVenues } from '../contract/venueFiles.ts';
import { SHOP_THEME } from '../src/components/layout/shopFrame.ts';
import { CONFIG_OVERRIDES } from '../src/config/overrides.ts';
import { buildTheme, type Theme } from '../src/theme/buildTheme.ts';
import { themeKey } from '../src/theme/themeKey.ts';

/** The shop frame's themes: What's on, the first page a buyer sees, draws with these at once. */
const SHOP_ID = 'virtual:stagedoor/prebuilt-themes';
/** Every venue's: a lazy chunk that a venue's route starts loading beside its page's chunk. */
const VENUES_ID = 'virtual:stagedoor/prebuilt-venue-themes';

/** Each set of tokens alone and under each `?cfg=` override, built once. */
function themesOf(tokenSets: readonly VenueTheme[]): Record<string, Theme> {
  const themes: Record<string, Theme> = {};
  for (const theme of tokenSets) {
    const variants: VenueTheme[] = [
      theme,
      ...Object.values(CONFIG_OVERRIDES).map((override) =>
        'theme' in override ? { ...theme, ...override.theme } : theme,
      ),
    ];
    for (const tokens of variants) themes[themeKey(tokens)] ??= buildTheme(tokens);
  }
  return themes;
}

/** The shop frame's themes (What's on), which must not wait for the colour library. */
export function prebuiltShopThemes(): Record<string, Theme> {
  return themesOf([SHOP_THEME]);
}

/** Every venue's themes; a venue whose tokens equal the shop's finds them in the shop's part. */
export function prebuiltVenueThemes(venuesDir: string): Record<string, Theme> {
  const shop = prebuiltShopThemes();
  const venues = themesOf(loadVenues(venuesDir).map((venue) => venue.theme));
  return Object.fromEntries(Object.entries(venues).filter(([key]) => !(key in shop)));
}

/**
 * Builds the venue themes (colour contrast maths on colord) in Node while Vite builds, so the
 * browser receives finished colour tables and the colour library stays out of the first route
 * (issue 13: first-route budget). The shop frame's come with the first route; the venues' (about
 * 1.7 kB gzip that What's on never uses) in their own chunk (src/theme/venueThemes.ts). Tokens
 * it has not seen (a test's made-up theme) are built in the browser from a lazy chunk instead
 * (src/theme/useVenueTheme.ts).
 */
export function prebuiltThemesPlugin(venuesDir: string): Plugin {
  const ids: Record<string, () => Record<string, Theme>> = {
    [SHOP_ID]: prebuiltShopThemes,
    [VENUES_ID]: () => prebuiltVenueThemes(venuesDir),
  };
  return {
    name: 'stagedoor-prebuilt-themes',
    resolveId(id) {
      return id in ids ? `\0${id}` : undefined;
    },
    load(id) {
      const themes = id.startsWith('\0') ? ids[id.slice(1)] : undefined;
      if (themes === undefined) return undefined;
      for (const venue of loadVenues(venuesDir)) this.addWatchFile(`${venue.dir}/theme.json`);
      return `export default ${JSON.stringify(themes())};`;
    },
  };
}
