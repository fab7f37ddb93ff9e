import type { VenueConfig } from '@/config/venues';
import type { AppLocale, Catalogue, Messages } from './messageIds';
import { currentSource, loadWholeSource } from './sourceCatalogue';

/**
 * Text layers, lowest first: the en-GB source, the locale's overrides (en-US), the venue's brand
 * group (`locales/brands/<brand>/<locale>.json`), then the venue's own group
 * (`venues/<slug>/messages/<locale>.json`). Only the source's first-route part is in the first
 * chunk (src/i18n/sourceCatalogue.ts); every other layer is its own lazy chunk, so the ~25 brand
 * and ~21 venue groups cost nothing until used. Production builds receive every layer already
 * parsed (scripts/vitePluginMessages.ts).
 */

type Loader = () => Promise<Messages>;

const localeFiles = import.meta.glob<Messages>(['/locales/*.json', '!/locales/en-GB.json'], {
  import: 'default',
});
const brandFiles = import.meta.glob<Messages>('/locales/brands/*/*.json', { import: 'default' });
const venueFiles = import.meta.glob<Messages>('/venues/*/messages/*.json', { import: 'default' });

function layerLoaders(locale: AppLocale, venue: VenueConfig): (Loader | undefined)[] {
  const { brand, slug } = venue.settings;
  return [
    locale === 'en-GB' ? undefined : localeFiles[`/locales/${locale}.json`],
    brand === undefined ? undefined : brandFiles[`/locales/brands/${brand}/${locale}.json`],
    venueFiles[`/venues/${slug}/messages/${locale}.json`],
  ];
}

/** What a venue says over the source in `locale`: its layers, loaded in parallel, merged in order. */
export async function loadOverrides(locale: AppLocale, venue: VenueConfig): Promise<Messages> {
  const pending: Promise<Messages>[] = layerLoaders(locale, venue).map((load) =>
    load === undefined ? Promise.resolve({}) : load(),
  );
  const layers = await Promise.all(pending);
  return Object.assign({}, ...layers) as Messages;
}

/** The source with a venue's overrides on top. */
export function mergeCatalogue(source: Catalogue, overrides: Messages): Catalogue {
  return { ...source, ...overrides };
}

/** The whole catalogue a venue shows in `locale`, every page's text included. */
export async function loadMessages(locale: AppLocale, venue: VenueConfig): Promise<Catalogue> {
  const [overrides] = await Promise.all([loadOverrides(locale, venue), loadWholeSource()]);
  return mergeCatalogue(currentSource(), overrides);
}
