import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getVenue } from '@/config/venues';
import { SHOP_THEME } from '@/components/layout/shopFrame';
import { buildTheme } from './buildTheme';
import * as venueThemes from './venueThemes';
import { useVenueTheme } from './useVenueTheme';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a venue’s theme', () => {
  const lumen = getVenue('lumen-theatre')!;

  it('is ready at once for the shop frame of What’s on, with no chunk to wait for', () => {
    const load = vi.spyOn(venueThemes, 'loadVenueThemes');
    const { result } = renderHook(() => useVenueTheme(SHOP_THEME));
    expect(result.current).toEqual(buildTheme(SHOP_THEME));
    expect(load).not.toHaveBeenCalled();
  });

  it('arrives with the venues’ theme chunk, the one the build made', async () => {
    const { result } = renderHook(() => useVenueTheme(lumen.theme));
    await waitFor(() => expect(result.current).toEqual(buildTheme(lumen.theme)));
  });

  it('gives way to the shop frame’s theme when its chunk fails, so a page is still drawn', async () => {
    vi.spyOn(venueThemes, 'loadedVenueThemes').mockReturnValue(undefined);
    vi.spyOn(venueThemes, 'loadVenueThemes').mockRejectedValue(new Error('offline'));
    const { result } = renderHook(() => useVenueTheme(lumen.theme));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toEqual(buildTheme(SHOP_THEME)));
  });
});
