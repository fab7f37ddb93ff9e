import { describe, expect, it } from 'vitest';
import type { VenueTheme } from '@contract/venue';
import { listVenues } from '@/config/venues';
import { SHOP_THEME } from '@/components/layout/shopFrame';
import { buildTheme, type Theme } from './buildTheme';
import { contrastRatio } from './contrast';
import { QUEUE_THEMES, queueThemeTokens } from './queueThemes';

/** The colour pairs a buyer actually sees, with the WCAG 2.2 minimum each must meet. */
function pairs(theme: Theme): [string, string, string, number][] {
  const c = theme.colors;
  return [
    ['body text', c.text, c.background, 4.5],
    ['body text on panels', c.text, c.surface, 4.5],
    ['muted text', c.textMuted, c.background, 4.5],
    ['muted text on panels', c.textMuted, c.surface, 4.5],
    ['links', c.accentText, c.background, 4.5],
    // The footer, timers and price-option cards are panels (surface) with links on them.
    ['links on panels', c.accentText, c.surface, 4.5],
    ['body text on warning panels', c.text, c.warningSurface, 4.5],
    ['body text on error panels', c.text, c.errorSurface, 4.5],
    ['button text', c.onAccent, c.accentSurface, 4.5],
    ['header text', c.headerText, c.header, 4.5],
    ['error text', c.error, c.background, 4.5],
    ['error text on its panel', c.error, c.errorSurface, 4.5],
    ['success text', c.success, c.background, 4.5],
    ['success text on its panel', c.success, c.successSurface, 4.5],
    ['warning text', c.warning, c.background, 4.5],
    ['warning text on its panel', c.warning, c.warningSurface, 4.5],
    ['control borders', c.border, c.background, 3],
    ['focus ring', c.focusRing, c.background, 3],
    ['focus ring on header', c.focusRingOnHeader, c.header, 3],
  ];
}

function failures(theme: Theme): string[] {
  return pairs(theme)
    .filter(([, fg, bg, min]) => contrastRatio(fg, bg) < min)
    .map(
      ([name, fg, bg, min]) =>
        `${name}: ${fg} on ${bg} is ${contrastRatio(fg, bg)}:1, needs ${min}:1`,
    );
}

describe('buildTheme', () => {
  it.each([
    ...listVenues().map((venue) => [venue.settings.slug, venue.theme] as const),
    // The shop's own frame (What's on) is held to the same pairs as every venue.
    ['stagedoor (shop frame)', SHOP_THEME] as const,
    // Each venue's waiting room, in its queue theme (issue 16).
    ...listVenues().map(
      (venue) =>
        [
          `${venue.settings.slug} waiting room (${venue.settings.queue.theme})`,
          queueThemeTokens(venue.theme, venue.settings.queue.theme),
        ] as const,
    ),
    // Every queue theme on the plainest venue, so a theme no venue wears yet is checked too.
    ...Object.keys(QUEUE_THEMES).map(
      (name) => [`queue theme ${name}`, queueThemeTokens({ accent: '#1d4e89' }, name)] as const,
    ),
  ])('%s: every derived pair passes WCAG AA', (_slug, tokens) => {
    expect(failures(buildTheme(tokens))).toEqual([]);
  });

  it.each<[string, VenueTheme]>([
    ['pure yellow accent', { accent: '#ffff00' }],
    ['mid grey everywhere', { accent: '#777777', header: '#777777', background: '#777777' }],
    ['yellow accent on a grey header', { accent: '#ffff00', header: '#777777' }],
    ['white accent', { accent: '#ffffff' }],
    ['dark page', { accent: '#1d4e89', background: '#121212' }],
  ])('still passes with an awful token: %s', (_name, tokens) => {
    expect(failures(buildTheme(tokens))).toEqual([]);
  });

  it('keeps a venue colour that already passes, instead of flattening every venue to black', () => {
    const theme = buildTheme({ accent: '#7a1f3d' });
    expect(theme.colors.accentText).toBe('#7a1f3d');
    expect(theme.colors.accentSurface).toBe('#7a1f3d');
    expect(theme.colors.onAccent).toBe('#ffffff');
  });

  it('puts dark text on a bright yellow button and darkens yellow only where it is text', () => {
    const theme = buildTheme({ accent: '#ffd400' });
    expect(theme.colors.accentSurface).toBe('#ffd400');
    expect(theme.colors.onAccent).toBe('#111111');
    expect(theme.colors.accentText).not.toBe('#ffd400');
    expect(contrastRatio(theme.colors.accentText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('adds the venue fonts and radius to the base', () => {
    const theme = buildTheme({ accent: '#000000', fontFamily: 'Lato, sans-serif', radius: 12 });
    expect(theme.fonts.body).toBe('Lato, sans-serif');
    expect(theme.fonts.heading).toBe('Lato, sans-serif');
    expect(theme.radius).toBe('12px');
  });
});
