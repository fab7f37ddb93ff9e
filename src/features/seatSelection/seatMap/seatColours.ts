import type { DefaultTheme } from 'styled-components';
import { NON_TEXT_CONTRAST, ensureContrast } from '@/theme/contrast';

/**
 * Seat colours derived from the venue theme. Every colour that tells the buyer something (a
 * band, unavailable, selected) reaches 3:1 against the map's background (WCAG 1.4.11), and none
 * carries meaning alone: unavailable seats are smaller and crossed, selected ones ringed and
 * ticked, filtered-out ones faded.
 */
export interface SeatColours {
  background: string;
  /** One per price band, by band index (the palette repeats past its length). */
  bands: string[];
  unavailable: string;
  selected: string;
  /**
   * Tick, cross and flag marks drawn on top of a seat: the background colour, so a mark has the
   * same 3:1 against its seat as the seat has against the background.
   */
  mark: string;
  /** Hover and keyboard-focus ring. */
  focus: string;
  /** Opacity of seats the filters leave out. */
  dimmedAlpha: number;
}

/**
 * Hues far apart on the wheel, so neighbouring bands differ in hue as well as lightness; each is
 * darkened (or lightened on a dark background) only as far as 3:1 needs.
 */
const BAND_HUES = ['#1f77b4', '#2ca02c', '#9467bd', '#d62728', '#8c564b', '#e377c2', '#17becf'];

export function seatColours(theme: DefaultTheme, bandCount: number): SeatColours {
  const background = theme.colors.background;
  const onBackground = (colour: string) => ensureContrast(colour, background, NON_TEXT_CONTRAST);
  return {
    background,
    bands: Array.from({ length: Math.max(bandCount, 1) }, (_, index) =>
      onBackground(BAND_HUES[index % BAND_HUES.length]!),
    ),
    unavailable: onBackground(theme.colors.border),
    selected: onBackground(theme.colors.text),
    mark: background,
    focus: theme.colors.focusRing,
    dimmedAlpha: 0.22,
  };
}
