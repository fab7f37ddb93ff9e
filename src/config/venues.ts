import { applyVenueDefaults } from '@contract/venueDefaults';
import type { VenueSettings, VenueSettingsInput, VenueTheme } from '@contract/venue';

/**
 * The SPA's venue registry, built at compile time from `venues/<slug>/`. The files were already
 * validated by the Vite venue plugin, so here they are only typed and given their defaults; zod
 * stays out of the browser bundle.
 */
export type VenueConfig = {
  settings: VenueSettings;
  theme: VenueTheme;
  logoUrl: string;
};

const settingsFiles = import.meta.glob<VenueSettingsInput>('/venues/*/venue.json', {
  eager: true,
  import: 'default',
});
const themeFiles = import.meta.glob<VenueTheme>('/venues/*/theme.json', {
  eager: true,
  import: 'default',
});
// Logos stay separate files (no-inline): inlined, every venue's logo would ride in the first chunk.
const logoFiles = import.meta.glob<string>('/venues/*/logo.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

function folderOf(path: string): string {
  return path.split('/')[2] ?? '';
}

function buildRegistry(): Map<string, VenueConfig> {
  const registry = new Map<string, VenueConfig>();
  for (const [path, raw] of Object.entries(settingsFiles)) {
    const folder = folderOf(path);
    const theme = themeFiles[`/venues/${folder}/theme.json`];
    const logoUrl = logoFiles[`/venues/${folder}/logo.svg`];
    // The build check guarantees both files exist; a venue missing one is left out, never half-shown.
    if (theme === undefined || logoUrl === undefined) continue;
    const settings = applyVenueDefaults(raw);
    registry.set(settings.slug, { settings, theme, logoUrl });
  }
  return registry;
}

const venues = buildRegistry();
// Sorted when first asked for, not as the app loads: the first locale-aware comparison sets up
// ICU's collator, some 5 ms of the load's longest task on a desktop (issue 26), and only What's on
// lists the venues.
let sorted: VenueConfig[] | undefined;

export function getVenue(slug: string): VenueConfig | undefined {
  return venues.get(slug);
}

/** Every venue, sorted by name. */
export function listVenues(): VenueConfig[] {
  sorted ??= [...venues.values()].sort((a, b) =>
    a.settings.name.localeCompare(b.settings.name, 'en'),
  );
  return [...sorted];
}

/** The venue a page is framed in: the one it is about, else the house venue, else the first. */
export function resolveVenue(slug: string | undefined, houseSlug: string): VenueConfig {
  const venue =
    (slug === undefined ? undefined : getVenue(slug)) ?? getVenue(houseSlug) ?? listVenues()[0];
  if (venue === undefined) throw new Error('No venues are configured (venues/<slug>/)');
  return venue;
}
