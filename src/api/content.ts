import type { CmsRoot, QueueSettings, ShowContent, VenueContent } from '@contract/api/content';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { takeEarlyRead } from './earlyReads';

/** Content reads of a regional booking API (issue 3); the region is the venue's. */

/**
 * What's on reads every region's CMS root first; the server has the page's HTML start those
 * reads (server/http/routePreloads.ts), so the first ask takes that answer (issue 26).
 */
export function getCmsRoot(region: Region, signal?: AbortSignal): Promise<CmsRoot> {
  const api = bookingApi(region);
  const read = () => api.get<CmsRoot>('/cms', { signal }).then((response) => response.data);
  const early = takeEarlyRead<CmsRoot>(`${api.defaults.baseURL ?? ''}/cms`);
  return early === undefined ? read() : early.catch(read);
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
