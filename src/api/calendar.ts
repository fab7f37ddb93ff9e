import type { Calendar, CalendarResponse, GraphqlErrorResponse } from '@contract/api/calendar';
import {
  CALENDAR_QUERY_EXTENSIONS,
  GRAPHQL_PATH,
  type CalendarVariables,
} from '@contract/api/calendarQuery';
import type { ApiErrorCode } from '@contract/api/errorCodes';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { ApiError } from './errors';

/**
 * The calendar over GraphQL (spec §7): plain GET/POST through the region's client, no GraphQL
 * client library (it would cost more bundle than the whole calendar feature). The query goes by
 * its hash (a persisted query): the server runs no other document.
 */

/** A failed GraphQL answer keeps its code in `errors[0].extensions`; other failures at the top. */
function errorCodeOf(body: unknown): ApiErrorCode | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const errors = (body as Partial<GraphqlErrorResponse>).errors;
  if (Array.isArray(errors)) return errors[0]?.extensions.code;
  return (body as { code?: ApiErrorCode }).code;
}

export async function fetchCalendar(
  region: Region,
  variables: CalendarVariables,
  signal?: AbortSignal,
): Promise<Calendar> {
  // Every status comes back here, so the GraphQL error's code is read rather than lost.
  const options = { signal, validateStatus: () => true };
  // Without a code the calendar is the same for everyone: GET lets a CDN serve an onsale rush.
  const response =
    variables.promoCode == null
      ? await bookingApi(region).get<CalendarResponse | GraphqlErrorResponse>(GRAPHQL_PATH, {
          ...options,
          params: {
            variables: JSON.stringify(variables),
            extensions: JSON.stringify(CALENDAR_QUERY_EXTENSIONS),
          },
        })
      : await bookingApi(region).post<CalendarResponse | GraphqlErrorResponse>(
          GRAPHQL_PATH,
          { variables, extensions: CALENDAR_QUERY_EXTENSIONS },
          options,
        );
  const body = response.data;
  if (response.status === 200 && 'data' in body && body.data?.calendar) return body.data.calendar;
  throw new ApiError('http', response.status, errorCodeOf(body));
}
