import { describe, expect, it } from 'vitest';
import { applyConfigOverride } from '@/config/overrides';
import { getVenue } from '@/config/venues';

describe('cfg overrides', () => {
  const lumen = getVenue('lumen-theatre')!;

  it('high-contrast turns the venue black on white', () => {
    const venue = applyConfigOverride(lumen, 'high-contrast');
    expect(venue.theme).toMatchObject({
      accent: '#000000',
      header: '#000000',
      background: '#ffffff',
    });
    expect(venue.settings).toEqual(lumen.settings);
  });

  it('plain switches off the styled header logo and nothing else', () => {
    expect(lumen.settings.flags.shouldStyleHeaderLogo).toBe(true);
    const venue = applyConfigOverride(lumen, 'plain');
    expect(venue.settings.flags.shouldStyleHeaderLogo).toBe(false);
    expect({ ...venue.settings.flags, shouldStyleHeaderLogo: true }).toEqual(lumen.settings.flags);
  });

  it('leaves the venue untouched for an unknown or missing name', () => {
    expect(applyConfigOverride(lumen, 'rainbow')).toBe(lumen);
    expect(applyConfigOverride(lumen, undefined)).toBe(lumen);
  });
});
