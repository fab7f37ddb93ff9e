import type { VenueTheme } from '@contract/venue';

/**
 * One string per distinct set of theme tokens, whatever the key order or unset fields, so a
 * theme built at compile time (scripts/vitePluginThemes.ts) is found again in the browser for
 * the same tokens, including a venue's tokens with a `?cfg=` override on top.
 */
export function themeKey(tokens: VenueTheme): string {
  const entries = Object.entries(tokens)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
