import type { VenueSummary } from './api/content';
import type { VenueSettings } from './venue';

/** The public summary of a venue, as every API answer and every test fixture shows it. */
export function venueSummaryOf(settings: VenueSettings): VenueSummary {
  return {
    slug: settings.slug,
    name: settings.name,
    kind: settings.kind,
    city: settings.city,
    stateCode: settings.stateCode,
    timezone: settings.timezone,
    currency: settings.currency,
    locale: settings.locale,
  };
}
