import type { CmsRoot, QueueSettings, ShowContent, VenueContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';

/** Content reads of a regional booking API (issue 3); the region is the venue's. */

export function getCmsRoot(region: Region, signal?: AbortSignal): Promise<CmsRoot> {
  return bookingApi(region)
    .get<CmsRoot>('/cms', { signal })
    .then((response) => response.data);
}

export function getVenueContent(
  region: Region,
  venueSlug: string,
  signal?: AbortSignal,
): Promise<VenueContent> {
  return bookingApi(region)
    .get<VenueContent>(`/venues/${encodeURIComponent(venueSlug)}`, { signal })
    .then((response) => response.data);
}

export function getShowContent(
  region: Region,
  venueSlug: string,
  titleSlug: string,
  signal?: AbortSignal,
): Promise<ShowContent> {
  return bookingApi(region)
    .get<ShowContent>(
      `/venues/${encodeURIComponent(venueSlug)}/shows/${encodeURIComponent(titleSlug)}`,
      { signal },
    )
    .then((response) => response.data);
}

export function getQueueSettings(
  region: Region,
  venueSlug: string,
  signal?: AbortSignal,
): Promise<QueueSettings> {
  return bookingApi(region)
    .get<QueueSettings>(`/venues/${encodeURIComponent(venueSlug)}/queue`, { signal })
    .then((response) => response.data);
}
