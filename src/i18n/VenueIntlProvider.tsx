import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { VenueConfig } from '@/config/venues';
import { loadMessages } from './loadMessages';
import { SOURCE_LOCALE, type Catalogue } from './messageIds';

type Props = { venue: VenueConfig; children: ReactNode };

// Loaded catalogues by locale and venue, so returning to a venue renders at once without a blank frame.
const cache = new Map<string, Catalogue>();
// Catalogues on their way, so a load started early (preloadCatalogue) is the one the frame waits for.
const pending = new Map<string, Promise<Catalogue>>();

function cacheKey(venue: VenueConfig): string {
  return `${venue.settings.locale}:${venue.settings.slug}`;
}

function catalogueFor(venue: VenueConfig): Promise<Catalogue> {
  const key = cacheKey(venue);
  let load = pending.get(key);
  if (load === undefined) {
    load = loadMessages(venue.settings.locale, venue).then(
      (messages) => {
        cache.set(key, messages);
        return messages;
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
 * Starts loading a venue's catalogue before its frame renders: the route knows the venue from
 * the address, so its text chunks come beside the page's own chunk instead of after it (one
 * round trip less before the first paint on a phone's connection). A failure is left for the
 * frame, which asks again and shows it; the promise only says when the attempt is over.
 */
export function preloadCatalogue(venue: VenueConfig): Promise<void> {
  if (cache.has(cacheKey(venue))) return Promise.resolve();
  return catalogueFor(venue).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Text, locale and time zone of one venue. Children render only once the venue's catalogue has
 * loaded (local chunks, a few milliseconds), so no buyer ever sees a raw id or the wrong brand's
 * wording flash past. A chunk that fails to load is rethrown to the nearest error boundary.
 */
export function VenueIntlProvider({ venue, children }: Props) {
  const key = cacheKey(venue);
  const [loaded, setLoaded] = useState<{ key: string; messages: Catalogue } | undefined>(undefined);
  const [failure, setFailure] = useState<Error | undefined>(undefined);

  const messages = loaded?.key === key ? loaded.messages : cache.get(key);
  const missing = messages === undefined;

  useEffect(() => {
    // Rendered from the cache: nothing to wait for. Otherwise the load is joined even if it has
    // finished since this render (a preload can land between render and effect), so the frame
    // never stays empty for want of a state update.
    if (!missing) return;
    let current = true;
    catalogueFor(venue).then(
      (loadedMessages) => {
        if (current) setLoaded({ key, messages: loadedMessages });
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      current = false;
    };
  }, [key, venue, missing]);

  if (failure !== undefined) throw failure;
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
