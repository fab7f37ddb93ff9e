import type { VenueSettings } from '../../contract/venue';
import { loadVenues } from '../../contract/venueFiles';

/** What the email tests share: the venues as shipped, and an email part as a reader sees it. */

const venues = loadVenues(new URL('../../venues/', import.meta.url).pathname);

export const venue = (slug: string): VenueSettings =>
  venues.find((bundle) => bundle.settings.slug === slug)!.settings;

/** What a reader sees of either part: tags gone, entities decoded, lines joined. */
export function readable(part: string): string {
  return part
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
