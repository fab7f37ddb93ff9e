import enGB from '../../locales/en-GB.json';
import type { VenueConfig } from '@/config/venues';
import type { AppLocale, Catalogue, Messages } from './messageIds';

/**
 * Text layers, lowest first: the en-GB source, the locale's overrides (en-US), the venue's brand
 * group (`locales/brands/<brand>/<locale>.json`), then the venue's own group
 * (`venues/<slug>/messages/<locale>.json`). Only the source is in the first chunk; every other
 * layer is its own lazy chunk, so the ~25 brand and ~21 venue groups cost nothing until used.
 * Production builds receive every layer already parsed (scripts/vitePluginMessages.ts).
 */

type Loader = () => Promise<Messages>;

const localeFiles = import.meta.glob<Messages>(['/locales/*.json', '!/locales/en-GB.json'], {
  import: 'default',
});
const brandFiles = import.meta.glob<Messages>('/locales/brands/*/*.json', { import: 'default' });
const venueFiles = import.meta.glob<Messages>('/venues/*/messages/*.json', { import: 'default' });

const source: Catalogue = enGB;

function layerLoaders(locale: AppLocale, venue: VenueConfig): (Loader | undefined)[] {
  const { brand, slug } = venue.settings;
  return [
    locale === 'en-GB' ? undefined : localeFiles[`/locales/${locale}.json`],
    brand === undefined ? undefined : brandFiles[`/locales/brands/${brand}/${locale}.json`],
    venueFiles[`/venues/${slug}/messages/${locale}.json`],
  ];
}

/** The merged catalogue a venue shows in `locale`. Layers load in parallel and merge in order. */
export async function loadMessages(locale: AppLocale, venue: VenueConfig): Promise<Catalogue> {
  const pending: Promise<Messages>[] = layerLoaders(locale, venue).map((load) =>
    load === undefined ? Promise.resolve({}) : load(),
  );
  const layers = await Promise.all(pending);
  return Object.assign({}, source, ...layers) as Catalogue;
}
