import { IDEMPOTENCY_HEADER } from '@contract/api/constants';
import type { DetailsResponse, PutDetailsBody } from '@contract/api/checkout';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import type { WriteContext } from './holds';
import { csrfHeaders } from './session';

/** The buyer's details on a live hold (issue 5): what is stored, and what this hold offers. */

const seg = encodeURIComponent;

export function getDetails(
  region: Region,
  holdId: string,
  signal?: AbortSignal,
): Promise<DetailsResponse> {
  return bookingApi(region)
    .get<DetailsResponse>(`/holds/${seg(holdId)}/details`, { signal })
    .then((response) => response.data);
}

/**
 * Saves the parts in `body` (each step sends its own); the answer is everything stored since.
 * The key comes from the caller so a retry of the same save is the same request.
 */
export function putDetails(
  region: Region,
  holdId: string,
  body: PutDetailsBody,
  { csrfToken, idempotencyKey }: WriteContext,
): Promise<DetailsResponse> {
  return bookingApi(region)
    .put<DetailsResponse>(`/holds/${seg(holdId)}/details`, body, {
      headers: { ...csrfHeaders(csrfToken), [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
    .then((response) => response.data);
}
