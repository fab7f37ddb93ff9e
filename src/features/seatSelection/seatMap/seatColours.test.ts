import { describe, expect, it } from 'vitest';
import { listVenues } from '@/config/venues';
import { buildTheme } from '@/theme/buildTheme';
import { contrastRatio } from '@/theme/contrast';
import { seatColours } from './seatColours';

const themes = [
  ...listVenues().map((venue) => [venue.settings.slug, buildTheme(venue.theme)] as const),
  // Hostile tokens: a near-black page, a pale page, a neon accent.
  ['dark page', buildTheme({ accent: '#ffee00', background: '#101010' })] as const,
  ['cream page', buildTheme({ accent: '#f0e0c0', background: '#fdf6e3' })] as const,
];

describe('seat colours', () => {
  it.each(themes)(
    '%s: every band, unavailable and selected colour is 3:1 on the background',
    (_name, theme) => {
      const colours = seatColours(theme, 7);
      for (const colour of [
        ...colours.bands,
        colours.unavailable,
        colours.selected,
        colours.focus,
      ]) {
        expect(contrastRatio(colour, colours.background), colour).toBeGreaterThanOrEqual(3);
      }
      // Marks are drawn in the background colour, so they read on every seat colour too.
      for (const colour of [...colours.bands, colours.unavailable, colours.selected]) {
        expect(contrastRatio(colours.mark, colour)).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('gives neighbouring bands different colours', () => {
    const colours = seatColours(themes[0]![1], 5);
    expect(new Set(colours.bands).size).toBe(5);
  });
});
