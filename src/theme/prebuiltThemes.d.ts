/** Themes built at compile time by scripts/vitePluginThemes.ts, keyed by themeKey(tokens). */
declare module 'virtual:stagedoor/prebuilt-themes' {
  import type { Theme } from '@/theme/buildTheme';

  /** The shop frame's (What's on), on the first route. */
  const themes: Readonly<Record<string, Theme>>;
  export default themes;
}

declare module 'virtual:stagedoor/prebuilt-venue-themes' {
  import type { Theme } from '@/theme/buildTheme';

  /** Every venue's, in a lazy chunk (src/theme/venueThemes.ts). */
  const themes: Readonly<Record<string, Theme>>;
  export default themes;
}
