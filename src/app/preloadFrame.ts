import type { VenueConfig } from '@/config/venues';
import { preloadCatalogue } from '@/i18n/VenueIntlProvider';
import { loadVenueThemes } from '@/theme/venueThemes';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';

/** The frames asked for so far, by venue: each venue's loads start once. */
const frames = new Map<string, Promise<void>>();

/**
 * Starts what a venue's frame waits for or paints first, as soon as the address names the
 * venue: its text and its theme (the frame renders nothing without them) and its logo, the first
 * screen's largest image on a venue's pages. All then arrive beside the page's own chunk rather
 * than one round trip after it, which on a phone's connection is most of the wait for the first paint.
 */
export function preloadFrame(venue: VenueConfig): void {
  const slug = venue.settings.slug;
  if (frames.has(slug)) return;
  // A failure is left for the frame, which asks again and shows the error page if it fails too.
  const theme = loadVenueThemes().then(
    () => undefined,
    () => undefined,
  );
  // Given up on after the chunk timeout, as the page's own chunks are: the first render waits
  // for this (startRouteLoads), and a file that never arrives must still end in the error page.
  const loads = lazyWithTimeout(() => Promise.all([preloadCatalogue(venue), theme]))();
  frames.set(
    slug,
    loads.then(
      () => undefined,
      () => undefined,
    ),
  );
  // A preload rather than `new Image()`: an image request is low priority and waits behind the
  // page's scripts, which is the wait this is meant to remove.
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = venue.logoUrl;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/** Settles once every frame preloadFrame has started is loaded, has failed or has timed out. */
export function framesLoaded(): Promise<void> {
  return Promise.all(frames.values()).then(() => undefined);
}
