import type { DefaultTheme } from 'styled-components';

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

/** The theme's seat palette (buildTheme) for a plan of `bandCount` price bands. */
export function seatColours(theme: DefaultTheme, bandCount: number): SeatColours {
  const { bands, unavailable, selected } = theme.seats;
  return {
    background: theme.colors.background,
    bands: Array.from(
      { length: Math.max(bandCount, 1) },
      (_, index) => bands[index % bands.length]!,
    ),
    unavailable,
    selected,
    mark: theme.colors.background,
    focus: theme.colors.focusRing,
    dimmedAlpha: 0.22,
  };
}
