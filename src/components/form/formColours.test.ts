import { describe, expect, it } from 'vitest';
import type { VenueTheme } from '@contract/venue';
import { listVenues } from '@/config/venues';
import { buildTheme } from '@/theme/buildTheme';
import { contrastRatio } from '@/theme/contrast';
import { formColours } from './formColours';

/** What a buyer must be able to see on a form (WCAG 1.4.3 text 4.5:1, 1.4.11 control edges 3:1). */
function failures(tokens: VenueTheme): string[] {
  const c = formColours(buildTheme(tokens));
  const pairs: [string, string, string, number][] = [
    ['labels and typed text', c.text, c.page, 4.5],
    ['hints', c.hint, c.page, 4.5],
    ['error messages and summary links', c.errorText, c.page, 4.5],
    ['control edges', c.controlBorder, c.page, 3],
    ['invalid control edges', c.errorBorder, c.page, 3],
    ['focus ring', c.focusRing, c.page, 3],
    ['ticked boxes and radios', c.checked, c.page, 3],
  ];
  return pairs
    .filter(([, fg, bg, min]) => contrastRatio(fg, bg) < min)
    .map(
      ([name, fg, bg, min]) =>
        `${name}: ${fg} on ${bg} is ${contrastRatio(fg, bg)}:1, needs ${min}:1`,
    );
}

describe('form colours', () => {
  it.each(listVenues().map((venue) => [venue.settings.slug, venue.theme] as const))(
    '%s: errors, hints, edges and focus pass WCAG AA',
    (_slug, tokens) => {
      expect(failures(tokens)).toEqual([]);
    },
  );

  it.each<[string, VenueTheme]>([
    ['a dark page', { accent: '#1d4e89', background: '#121212' }],
    ['a pink page the error red nearly matches', { accent: '#b3261e', background: '#f4c7c3' }],
    ['a mid-grey page', { accent: '#777777', background: '#777777' }],
    ['a white accent', { accent: '#ffffff' }],
  ])('still passes on %s', (_name, tokens) => {
    expect(failures(tokens)).toEqual([]);
  });

  it('tells an invalid control apart from a valid one by more than a shade', () => {
    const c = formColours(buildTheme({ accent: '#7a1f3d' }));
    expect(c.errorBorder).not.toBe(c.controlBorder);
  });
});
