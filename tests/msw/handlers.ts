import { http, HttpResponse } from 'msw';
import type { ApiErrorBody } from '@contract/api/common';
import { REGIONS, type Region } from '@contract/regions';
import { cmsRoot, queueSettings, regionOf, showContent, venueContent } from './fixtures';

/** The booking API as the SPA sees it, including "a venue of another region is not_found". */

function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

export function apiError(status: number, code: ApiErrorBody['code']) {
  return HttpResponse.json<ApiErrorBody>({ code, message: code.replace('_', ' ') }, { status });
}

function venueInRegion(region: unknown, venueSlug: unknown): venueSlug is string {
  if (!isRegion(region) || typeof venueSlug !== 'string') return false;
  try {
    return regionOf(venueSlug) === region;
  } catch {
    return false;
  }
}

export const handlers = [
  http.get('/api/:region/cms', ({ params }) =>
    isRegion(params.region)
      ? HttpResponse.json(cmsRoot(params.region))
      : apiError(404, 'not_found'),
  ),
  http.get('/api/:region/venues/:venueSlug', ({ params }) =>
    venueInRegion(params.region, params.venueSlug)
      ? HttpResponse.json(venueContent(params.venueSlug))
      : apiError(404, 'not_found'),
  ),
  http.get('/api/:region/venues/:venueSlug/queue', ({ params }) =>
    venueInRegion(params.region, params.venueSlug)
      ? HttpResponse.json(queueSettings(params.venueSlug))
      : apiError(404, 'not_found'),
  ),
  http.get('/api/:region/venues/:venueSlug/shows/:titleSlug', ({ params }) => {
    const content =
      venueInRegion(params.region, params.venueSlug) && typeof params.titleSlug === 'string'
        ? showContent(params.venueSlug, params.titleSlug)
        : undefined;
    return content === undefined ? apiError(404, 'not_found') : HttpResponse.json(content);
  }),
];
