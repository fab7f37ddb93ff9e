import { afterEach, describe, expect, it, vi } from 'vitest';
import { getVenue } from '@/config/venues';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/lazyWithTimeout';
import { framesLoaded, preloadFrame } from './preloadFrame';

/** The Lumen's text never arrives (a request the network dropped); every other venue's does. */
vi.mock('@/i18n/VenueIntlProvider', () => ({
  preloadCatalogue: (venue: { settings: { slug: string } }) =>
    venue.settings.slug === 'lumen-theatre' ? new Promise(() => undefined) : Promise.resolve(),
}));
// The themes are there at once: the only wait left is the Lumen's text (a real import of the
// themes' module took long enough, on a loaded machine, to be that wait instead).
vi.mock('@/theme/venueThemes', () => ({ loadVenueThemes: () => Promise.resolve({}) }));

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];

afterEach(() => {
  for (const link of preloads()) link.remove();
  vi.useRealTimers();
});

describe('preloadFrame', () => {
  it("asks for the venue's logo first thing, once however often the venue's pages are opened", () => {
    const venue = getVenue('hudson-stage')!;
    preloadFrame(venue);
    preloadFrame(venue);
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([venue.logoUrl]);
    expect(preloads()[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  it('stops holding the first render back once the chunk timeout has passed without the text', async () => {
    vi.useFakeTimers();
    preloadFrame(getVenue('lumen-theatre')!);
    let settled = false;
    void framesLoaded().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    // Then the page renders, and its own chunk's timeout shows the error page.
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(settled).toBe(true), { timeout: 50, interval: 1 });
  });
});
