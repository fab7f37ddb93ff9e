import type { Region } from '../contract/regions';
import type { VenueBundle } from '../contract/venueFiles';
import { DEFAULT_CLIENT_HOLD_FACTOR } from './config';
import type { PriceDisplay } from './basket/basket';
import type { DetailsScope } from './details/details';
import type { HoldPolicy } from './holds/holds';
import type { OrderScope } from './orders/view';
import { PerformanceCache } from './holds/performanceCache';

/**
 * What one regional booking API knows, built once per region by app.ts and handed to its routes:
 * its venues, each venue's hold policy and price display, and the performance reads it caches.
 * Holds, basket, details and orders share it (each used to build its own, with its own cache).
 */
export interface RegionContext extends OrderScope, DetailsScope {
  region: Region;
  /** This region's venues; another region's do not exist for its API. */
  venues: VenueBundle[];
  bundleFor(venueSlug: string): VenueBundle | undefined;
}

export function regionContext(
  region: Region,
  allVenues: readonly VenueBundle[],
  clientHoldFactor = DEFAULT_CLIENT_HOLD_FACTOR,
): RegionContext {
  const venues = allVenues.filter((venue) => venue.settings.region === region);
  const bundles = new Map(venues.map((venue) => [venue.settings.slug, venue]));
  const policies = new Map<string, HoldPolicy>(
    venues.map(({ settings }) => [
      settings.slug,
      {
        holdMinutes: settings.holdMinutes,
        seatSelectionLimit: settings.seatSelectionLimit,
        clientHoldLimit: clientHoldFactor * settings.seatSelectionLimit,
        preventSingleSeatGaps: settings.flags.preventSingleSeatGaps,
      },
    ]),
  );
  // Every venue's, as before: a hold's venue is checked against policyFor first.
  const displays = new Map<string, PriceDisplay>(
    allVenues.map(({ settings }) => [
      settings.slug,
      {
        displayPriceBreakdown: settings.flags.displayPriceBreakdown,
        shouldShowFaceValue: settings.flags.shouldShowFaceValue,
      },
    ]),
  );
  return {
    region,
    venues,
    bundleFor: (slug) => bundles.get(slug),
    policyFor: (slug) => policies.get(slug),
    venueFor: (slug) => bundles.get(slug)?.settings,
    displayFor: (slug) =>
      displays.get(slug) ?? { displayPriceBreakdown: false, shouldShowFaceValue: false },
    performances: new PerformanceCache(),
  };
}
