import { describe, expect, it } from 'vitest';
import shopThemes from 'virtual:stagedoor/prebuilt-themes';
import venueThemes from 'virtual:stagedoor/prebuilt-venue-themes';
import { listVenues } from '@/config/venues';
import { shopFrameVenue } from '@/components/layout/shopFrame';
import { applyConfigOverride, CONFIG_OVERRIDES } from '@/config/overrides';
import { buildTheme } from './buildTheme';
import { themeKey } from './themeKey';

describe('themes built at compile time', () => {
  const prebuilt = { ...shopThemes, ...venueThemes };
  // The shop frame of What's on too: the first page draws without the colour library's chunk.
  const venues = listVenues();
  const cases = [shopFrameVenue(venues[0]!), ...venues].flatMap((venue) =>
    [undefined, ...Object.keys(CONFIG_OVERRIDES)].map(
      (override) =>
        [`${venue.settings.slug} ${override ?? ''}`, applyConfigOverride(venue, override)] as const,
    ),
  );

  it.each(cases)('%s is the theme buildTheme makes in the browser', (_, venue) => {
    expect(prebuilt).toHaveProperty([themeKey(venue.theme)]);
    expect(prebuilt[themeKey(venue.theme)]).toEqual(buildTheme(venue.theme));
  });

  it('puts only the shop frame on the first route: no venue theme What’s on never wears', () => {
    const shopKeys = [undefined, ...Object.keys(CONFIG_OVERRIDES)].map((override) =>
      themeKey(applyConfigOverride(shopFrameVenue(venues[0]!), override).theme),
    );
    expect(Object.keys(shopThemes).sort()).toEqual([...new Set(shopKeys)].sort());
    for (const venue of venues) expect(shopThemes).not.toHaveProperty([themeKey(venue.theme)]);
    expect(Object.keys(venueThemes).filter((key) => key in shopThemes)).toEqual([]);
  });

  it('finds the same tokens whatever their order or unset fields', () => {
    expect(themeKey({ accent: '#000000', header: '#111111', radius: undefined })).toBe(
      themeKey({ header: '#111111', accent: '#000000' }),
    );
  });
});
