import type { VenueTheme } from '@contract/venue';
import { BASE } from './base';
import {
  NON_TEXT_CONTRAST,
  TEXT_CONTRAST,
  ensureContrast,
  readableOn,
  solidPair,
} from './contrast';

export type ThemeColors = {
  background: string;
  surface: string;
  text: string;
  textMuted: string;
  border: string;
  divider: string;
  /** The venue's colour exactly as configured, for decoration only (never text). */
  accent: string;
  /** Accent for links and text on the background, >= 4.5:1. */
  accentText: string;
  /** Solid button fill and its text, >= 4.5:1 with each other. */
  accentSurface: string;
  onAccent: string;
  header: string;
  headerText: string;
  /** Focus outline on the background and on the header band, >= 3:1 against each. */
  focusRing: string;
  focusRingOnHeader: string;
  error: string;
  errorSurface: string;
  success: string;
  successSurface: string;
  warning: string;
  warningSurface: string;
};

export type Theme = {
  colors: ThemeColors;
  fonts: { body: string; heading: string; mono: string };
  fontSizes: typeof BASE.fontSizes;
  lineHeights: typeof BASE.lineHeights;
  space: typeof BASE.space;
  breakpoints: typeof BASE.breakpoints;
  focusRingWidth: string;
  minTarget: string;
  radius: string;
  maxContentWidth: string;
};

/** A venue's theme: the accessible base plus its tokens, with every text/background pair derived to pass AA. */
export function buildTheme(tokens: VenueTheme): Theme {
  const background = tokens.background ?? BASE.colors.background;
  const text = ensureContrast(BASE.colors.text, background, TEXT_CONTRAST);
  const button = solidPair(tokens.accent);
  const header = solidPair(tokens.header ?? tokens.accent);
  const accentText = ensureContrast(tokens.accent, background, TEXT_CONTRAST);
  const onSurface = (colour: string) => ensureContrast(colour, background, TEXT_CONTRAST);

  return {
    colors: {
      background,
      surface: BASE.colors.surface,
      text,
      textMuted: onSurface(BASE.colors.textMuted),
      border: ensureContrast(BASE.colors.border, background, NON_TEXT_CONTRAST),
      divider: BASE.colors.divider,
      accent: tokens.accent,
      accentText,
      accentSurface: button.fill,
      onAccent: button.text,
      header: header.fill,
      headerText: header.text,
      focusRing: ensureContrast(accentText, background, NON_TEXT_CONTRAST),
      focusRingOnHeader: ensureContrast(readableOn(header.fill), header.fill, NON_TEXT_CONTRAST),
      error: onSurface(BASE.colors.error),
      errorSurface: BASE.colors.errorSurface,
      success: onSurface(BASE.colors.success),
      successSurface: BASE.colors.successSurface,
      warning: onSurface(BASE.colors.warning),
      warningSurface: BASE.colors.warningSurface,
    },
    fonts: {
      body: tokens.fontFamily ?? BASE.fonts.body,
      heading: tokens.headingFontFamily ?? tokens.fontFamily ?? BASE.fonts.body,
      mono: BASE.fonts.mono,
    },
    fontSizes: BASE.fontSizes,
    lineHeights: BASE.lineHeights,
    space: BASE.space,
    breakpoints: BASE.breakpoints,
    focusRingWidth: BASE.focusRingWidth,
    minTarget: BASE.minTarget,
    radius: `${tokens.radius ?? BASE.radius}px`,
    maxContentWidth: BASE.maxContentWidth,
  };
}
