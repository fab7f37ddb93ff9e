import type { VenueTheme } from '@contract/venue';
import { BASE } from './base.ts';
import {
  NON_TEXT_CONTRAST,
  contrastRatio,
  TEXT_CONTRAST,
  ensureContrast,
  panelOn,
  readableOn,
  solidPair,
} from './contrast.ts';

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

/**
 * The seat map's colours (drawn on a canvas, where no stylesheet reaches). Each reaches 3:1
 * against the page (WCAG 1.4.11); derived here with the rest, so prebuilt themes bring them
 * finished and the seat page loads no colour library (issue 26).
 */
export type SeatPalette = {
  /** Price bands in order; the plan repeats them past their number. */
  bands: string[];
  unavailable: string;
  selected: string;
};

export type Theme = {
  colors: ThemeColors;
  seats: SeatPalette;
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

/**
 * Hues far apart on the wheel, so neighbouring bands differ in hue as well as lightness; each is
 * darkened (or lightened on a dark background) only as far as 3:1 needs.
 */
const SEAT_BAND_HUES = [
  '#1f77b4',
  '#2ca02c',
  '#9467bd',
  '#d62728',
  '#8c564b',
  '#e377c2',
  '#17becf',
];

/** A venue's theme: the accessible base plus its tokens, with every text/background pair derived to pass AA. */
export function buildTheme(tokens: VenueTheme): Theme {
  const background = tokens.background ?? BASE.colors.background;
  /**
   * Text sits on the page and on its panels (footer, timer, price cards, alerts), so each text
   * colour must pass on every ground it is used on, not just the page.
   */
  const readableOnAll = (colour: string, grounds: string[]) => {
    // Twice round: a step for one ground can undo a lighter neighbour's pass.
    const moved = [...grounds, ...grounds].reduce(
      (current, ground) => ensureContrast(current, ground, TEXT_CONTRAST),
      colour,
    );
    const worst = (candidate: string) =>
      Math.min(...grounds.map((ground) => contrastRatio(candidate, ground)));
    if (worst(moved) >= TEXT_CONTRAST) return moved;
    // Grounds on both sides of mid grey pull opposite ways; black or white is the answer then.
    return worst('#000000') >= worst('#ffffff') ? '#000000' : '#ffffff';
  };
  // On the default white page these are the base panel colours; on a venue's own page colour
  // they are the same washes of it, so a dark page gets dark panels.
  const surface = panelOn(background, '#78716c', 0.08);
  const errorSurface = panelOn(background, BASE.colors.error, 0.1);
  const successSurface = panelOn(background, BASE.colors.success, 0.1);
  const warningSurface = panelOn(background, '#f59e0b', 0.14);
  const panels = [background, surface];
  const text = readableOnAll(BASE.colors.text, [
    ...panels,
    warningSurface,
    errorSurface,
    successSurface,
  ]);
  const button = solidPair(tokens.accent);
  const header = solidPair(tokens.header ?? tokens.accent);
  const accentText = readableOnAll(tokens.accent, panels);
  const onSurface = (colour: string, tint: string) => readableOnAll(colour, [...panels, tint]);
  const onBackground = (colour: string) => ensureContrast(colour, background, NON_TEXT_CONTRAST);
  const border = onBackground(BASE.colors.border);

  return {
    colors: {
      background,
      surface,
      text,
      textMuted: readableOnAll(BASE.colors.textMuted, panels),
      border,
      divider: BASE.colors.divider,
      accent: tokens.accent,
      accentText,
      accentSurface: button.fill,
      onAccent: button.text,
      header: header.fill,
      headerText: header.text,
      focusRing: onBackground(accentText),
      focusRingOnHeader: ensureContrast(readableOn(header.fill), header.fill, NON_TEXT_CONTRAST),
      error: onSurface(BASE.colors.error, errorSurface),
      errorSurface,
      success: onSurface(BASE.colors.success, successSurface),
      successSurface,
      warning: onSurface(BASE.colors.warning, warningSurface),
      warningSurface,
    },
    seats: {
      bands: SEAT_BAND_HUES.map(onBackground),
      unavailable: border,
      selected: onBackground(text),
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
