import { describe, expect, it } from 'vitest';
import { getVenue, listVenues } from './venues';

describe('venue registry', () => {
  it('lists all eight demo venues by name, each with theme and logo', () => {
    const venues = listVenues();
    expect(venues.map((v) => v.settings.name)).toEqual([
      'Bayou Discovery',
      'Golden Gate Playhouse',
      'Harbor Arena',
      'Lone Star Theater',
      'Motor City Music Hall',
      'Northern Playhouse',
      'The Hudson Stage',
      'The Lumen Theatre',
    ]);
    for (const venue of venues) {
      expect(venue.theme.accent).toMatch(/^#[0-9a-f]{6}$/i);
      expect(venue.logoUrl).toMatch(/logo\.svg/);
    }
  });

  it('applies the schema defaults the raw venue.json leaves out', () => {
    const arena = getVenue('harbor-arena')!;
    expect(arena.settings.flags.startOfWeek).toBe(0);
    expect(arena.settings.flags.shouldShowMarketingPreferences).toBe(true);
    expect(arena.settings.flags.minVoucherNumberLength).toBe(8);
    expect(arena.settings.flags.hideCalendarMinPrice).toBe(true);
    const northern = getVenue('northern-playhouse')!;
    expect(northern.settings.holdMinutes).toBe(20);
    expect(northern.settings.flags.viewFromSeat).toEqual({
      enabled: false,
      enabledForGeneralAdmissions: false,
      type: 'seat',
      level: 'venue',
    });
  });

  it('knows nothing of an unknown slug', () => {
    expect(getVenue('no-such-venue')).toBeUndefined();
  });

  it('hands out a copy of the list so a caller cannot reorder the registry', () => {
    listVenues().reverse();
    expect(listVenues()[0]!.settings.name).toBe('Bayou Discovery');
  });
});
