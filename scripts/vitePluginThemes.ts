import type { Plugin } from 'vite';
import type { VenueTheme } from '../contract/venue.ts';
import { loadVenues } from '../contract/venueFiles.ts';
import { SHOP_THEME } from '../src/components/layout/shopFrame.ts';
import { CONFIG_OVERRIDES } from '../src/config/overrides.ts';
import { buildTheme, type Theme } from '../src/theme/buildTheme.ts';
import { themeKey } from '../src/theme/themeKey.ts';

const VIRTUAL_ID = 'virtual:stagedoor/prebuilt-themes';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * Every theme the shop can show: each venue's tokens and the shop frame's (What's on, the first
 * page a buyer sees, which must not wait for the colour library), alone and under each `?cfg=`
 * override.
 */
export function prebuiltThemes(venuesDir: string): Record<string, Theme> {
  const themes: Record<string, Theme> = {};
  for (const theme of [SHOP_THEME, ...loadVenues(venuesDir).map((venue) => venue.theme)]) {
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

/**
 * Builds the venue themes (colour contrast maths on colord) in Node while Vite builds, so the
 * browser receives finished colour tables and the colour library stays out of the first route
 * (issue 13: first-route budget). Tokens it has not seen (a test's made-up theme) are built in
 * the browser from a lazy chunk instead (src/theme/useVenueTheme.ts).
 */
export function prebuiltThemesPlugin(venuesDir: string): Plugin {
  return {
    name: 'stagedoor-prebuilt-themes',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const venue of loadVenues(venuesDir)) this.addWatchFile(`${venue.dir}/theme.json`);
      return `export default ${JSON.stringify(prebuiltThemes(venuesDir))};`;
    },
  };
}
