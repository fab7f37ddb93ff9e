/** Venue themes built at compile time by scripts/vitePluginThemes.ts, keyed by themeKey(tokens). */
declare module 'virtual:stagedoor/prebuilt-themes' {
  import type { Theme } from '@/theme/buildTheme';

  const themes: Readonly<Record<string, Theme>>;
  export default themes;
}
