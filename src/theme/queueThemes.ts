import type { VenueTheme } from '@contract/venue';

/**
 * The waiting room's looks, named by a venue's `queue.theme` (venue.json). Each is an overlay on
 * the venue's own tokens: the room keeps the venue's accent, fonts and corners (buyers must know
 * whose sale they wait for) and changes the ground they wait on. buildTheme derives every text,
 * link and focus colour from the result, and the contrast test runs over each venue in its queue
 * theme, so a queue theme cannot break WCAG AA whatever venue wears it.
 */
export const QUEUE_THEMES: Readonly<Record<string, Partial<VenueTheme>>> = {
  /** The venue's own page, unchanged. */
  default: {},
  /** An arena at night: a deep harbour-blue ground and band. */
  arena: { background: '#0b1d26', header: '#061219' },
  /** A darkened auditorium before the curtain: near-black plum. */
  lumen: { background: '#17111c', header: '#0d0910' },
  /** A playbill's cream paper. */
  heritage: { background: '#f7f1e3' },
};

/** A venue's tokens in its queue theme; an unknown theme name falls back to the venue's look. */
export function queueThemeTokens(venueTheme: VenueTheme, queueTheme: string): VenueTheme {
  return { ...venueTheme, ...(QUEUE_THEMES[queueTheme] ?? QUEUE_THEMES.default) };
}
