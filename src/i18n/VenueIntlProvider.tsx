import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { VenueConfig } from '@/config/venues';
import { lazyWithTimeout } from '@/lib/lazyWithTimeout';
import { loadOverrides, mergeCatalogue } from './loadMessages';
import { SOURCE_LOCALE, type Messages } from './messageIds';
import { currentSource, loadWholeSource, subscribeToSource } from './sourceCatalogue';

type Props = { venue: VenueConfig; children: ReactNode };

// Loaded overrides by locale and venue, so returning to a venue renders at once without a blank frame.
const cache = new Map<string, Messages>();
// Overrides on their way, so a load started early (preloadCatalogue) is the one the frame waits for.
const pending = new Map<string, Promise<Messages>>();

function cacheKey(venue: VenueConfig): string {
  return `${venue.settings.locale}:${venue.settings.slug}`;
}

function overridesFor(venue: VenueConfig): Promise<Messages> {
  const key = cacheKey(venue);
  let load = pending.get(key);
  if (load === undefined) {
    load = lazyWithTimeout(() => loadOverrides(venue.settings.locale, venue))().then(
      (overrides) => {
        cache.set(key, overrides);
        return overrides;
      },
      (error: unknown) => {
        // A failed chunk is asked for again next time rather than failing every later page.
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, load);
  }
  return load;
}

/**
 * Starts loading a venue's text before its frame renders: the route knows the venue from the
 * address, so its text chunks (and the rest of the source, which every page but What's on waits
 * for) come beside the page's own chunk instead of after it (one round trip less before the
 * first paint on a phone's connection). A failure is left for the frame, which asks again; the
 * promise only says when the attempt is over.
 */
export function preloadCatalogue(venue: VenueConfig): Promise<void> {
  const whole = loadWholeSource().catch(() => undefined);
  if (cache.has(cacheKey(venue))) return whole;
  return Promise.all([overridesFor(venue).catch(() => undefined), whole]).then(() => undefined);
}

/**
 * Text, locale and time zone of one venue. Children render only once the venue's overrides have
 * loaded (local chunks, a few milliseconds), so no buyer ever sees a raw id or the wrong brand's
 * wording flash past. The first page draws with the source's first-route part; the rest of the
 * source follows in the background and every other page waits for it (sourceCatalogue.ts). A
 * venue's text that fails or does not arrive within the chunk timeout gives way to the source's
 * wording, so the page (or its error page) is still drawn.
 */
export function VenueIntlProvider({ venue, children }: Props) {
  const key = cacheKey(venue);
  const [loaded, setLoaded] = useState<{ key: string; overrides: Messages } | undefined>(undefined);
  const source = useSyncExternalStore(subscribeToSource, currentSource);
  const overrides = loaded?.key === key ? loaded.overrides : cache.get(key);
  const missing = overrides === undefined;

  useEffect(() => {
    // Fetched early so the next page does not wait for it; a failure here is left to that page's
    // own load (lazy pages wait for the whole source), whose error page offers a reload.
    loadWholeSource().catch(() => undefined);
  }, []);

  useEffect(() => {
    // Rendered from the cache: nothing to wait for. Otherwise the load is joined even if it has
    // finished since this render (a preload can land between render and effect), so the frame
    // never stays empty for want of a state update.
    if (!missing) return;
    let current = true;
    overridesFor(venue).then(
      (loadedOverrides) => {
        if (current) setLoaded({ key, overrides: loadedOverrides });
      },
      () => {
        // The source holds every message, so the page can still be drawn in the shop's own
        // words: better than a blank page for good (the error page itself renders in here).
        // Not cached: the next visit to this venue tries its words again.
        if (current) setLoaded({ key, overrides: {} });
      },
    );
    return () => {
      current = false;
    };
  }, [key, venue, missing]);

  const messages = useMemo(
    () => (overrides === undefined ? undefined : mergeCatalogue(source, overrides)),
    [source, overrides],
  );
  if (messages === undefined) return null;
  return (
    <IntlProvider
      locale={venue.settings.locale}
      defaultLocale={SOURCE_LOCALE}
      timeZone={venue.settings.timezone}
      messages={messages}
    >
      {children}
    </IntlProvider>
  );
}
