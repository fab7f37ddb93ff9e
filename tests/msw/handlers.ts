import { HttpResponse } from 'msw';
import { http } from './contract';
import type { ApiErrorBody } from '@contract/api/common';
import { REGIONS, type Region } from '@contract/regions';
import {
  CALENDAR_QUERY_HASH,
  MONTH_PATTERN,
  type CalendarVariables,
} from '@contract/api/calendarQuery';
import { SLUG_PATTERN } from '@contract/patterns';
import { calendarFixture } from './calendarFixtures';
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

/** A GraphQL failure as the booking API sends it: the stable code in `extensions`. */
export function graphqlError(status: number, code: ApiErrorBody['code'], fields?: string[]) {
  return HttpResponse.json(
    { errors: [{ message: code, extensions: fields ? { code, fields } : { code } }] },
    { status },
  );
}

/** The booking API runs only the shop's own query, asked for by its hash. */
function isPersistedCalendarQuery(body: unknown): boolean {
  const extensions = (body as { extensions?: { persistedQuery?: unknown } } | null)?.extensions;
  const persisted = extensions?.persistedQuery as { version?: unknown; sha256Hash?: unknown };
  return persisted?.version === 1 && persisted.sha256Hash === CALENDAR_QUERY_HASH;
}

function calendarVariables(body: unknown): CalendarVariables | undefined {
  const variables = (body as { variables?: Partial<CalendarVariables> } | null)?.variables;
  const { venueSlug, titleSlug, month, promoCode } = variables ?? {};
  if (typeof venueSlug !== 'string' || !SLUG_PATTERN.test(venueSlug)) return undefined;
  if (typeof titleSlug !== 'string' || !SLUG_PATTERN.test(titleSlug)) return undefined;
  if (month != null && !MONTH_PATTERN.test(month)) return undefined;
  if (promoCode != null && !SLUG_PATTERN.test(promoCode)) return undefined;
  return { venueSlug, titleSlug, month, promoCode };
}

export const handlers = [
  // The SPA reads a code-free calendar by GET (cacheable) and one with a code by POST.
  http.all('/api/:region/graphql', async ({ params, request }) => {
    const search = new URL(request.url).searchParams;
    const json = (name: string) => {
      const value = search.get(name);
      return value === null ? undefined : (JSON.parse(value) as unknown);
    };
    const body =
      request.method === 'GET'
        ? { variables: json('variables'), extensions: json('extensions') }
        : await request.json();
    if (!isPersistedCalendarQuery(body)) return graphqlError(400, 'persisted_query_not_found');
    const variables = calendarVariables(body);
    if (variables === undefined) return graphqlError(400, 'validation_failed');
    const calendar = venueInRegion(params.region, variables.venueSlug)
      ? calendarFixture(variables)
      : undefined;
    return calendar === undefined
      ? graphqlError(404, 'not_found')
      : HttpResponse.json({ data: { calendar } });
  }),
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
