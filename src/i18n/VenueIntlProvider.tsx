import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { VenueConfig } from '@/config/venues';
import { loadMessages } from './loadMessages';
import { SOURCE_LOCALE, type Catalogue } from './messageIds';

type Props = { venue: VenueConfig; children: ReactNode };

// Loaded catalogues by locale and venue, so returning to a venue renders at once without a blank frame.
const cache = new Map<string, Catalogue>();

function cacheKey(venue: VenueConfig): string {
  return `${venue.settings.locale}:${venue.settings.slug}`;
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

  useEffect(() => {
    // A cached catalogue is already rendered from below; nothing to load.
    if (cache.has(key)) return;
    let current = true;
    loadMessages(venue.settings.locale, venue).then(
      (messages) => {
        cache.set(key, messages);
        if (current) setLoaded({ key, messages });
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return () => {
      current = false;
    };
  }, [key, venue]);

  if (failure !== undefined) throw failure;
  const messages = loaded?.key === key ? loaded.messages : cache.get(key);
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
