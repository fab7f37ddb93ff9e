import { IDEMPOTENCY_HEADER } from '@contract/api/constants';
import type {
  BestAvailableBody,
  CreateHoldBody,
  HoldResponse,
  SeatStatus,
  SeatingPlan,
} from '@contract/api/holds';
import type { Region } from '@contract/regions';
import type { AxiosResponse } from 'axios';
import { bookingApi } from './client';
import { queuePassHeaders, reportQueuePassRefusal } from './queue';
import { csrfHeaders } from './session';

/** Seat maps and reservation holds of a regional booking API (issue 4). */

const seg = encodeURIComponent;

/**
 * A plan never changes under its id (a changed plan is a new id), so one download serves every
 * performance on it for the life of the page; the HTTP cache keeps it across visits.
 */
const plans = new Map<string, Promise<SeatingPlan>>();

export function getSeatingPlan(
  region: Region,
  planId: string,
  signal?: AbortSignal,
): Promise<SeatingPlan> {
  const key = `${region}/${planId}`;
  const cached = plans.get(key);
  if (cached) return cached;
  const request = bookingApi(region)
    .get<SeatingPlan>(`/plans/${seg(planId)}`, { signal })
    .then((response) => response.data);
  plans.set(key, request);
  // A failed or aborted download must not poison the cache for the retry.
  request.catch(() => plans.delete(key));
  return request;
}

export function getSeatStatus(
  region: Region,
  performanceId: string,
  promoCode: string | undefined,
  signal?: AbortSignal,
): Promise<SeatStatus> {
  return bookingApi(region)
    .get<SeatStatus>(`/performances/${seg(performanceId)}/seats`, {
      signal,
      params: promoCode === undefined ? undefined : { promoCode },
    })
    .then((response) => response.data);
}

/**
 * A hold as the server answered it, with the server's clock from the `Date` header (null if a
 * proxy stripped it): the countdown runs on the server's time, not a fast or slow laptop's.
 */
export interface HoldResult extends HoldResponse {
  serverNow: number | null;
}

function withServerTime(response: AxiosResponse<HoldResponse>): HoldResult {
  const date = Date.parse(String(response.headers.date ?? ''));
  return { ...response.data, serverNow: Number.isFinite(date) ? date : null };
}

/** What every state-changing hold call carries: the session's CSRF token and a retry-safe key. */
export interface WriteContext {
  csrfToken: string;
  idempotencyKey: string;
}

const writeHeaders = ({ csrfToken, idempotencyKey }: WriteContext) => ({
  ...csrfHeaders(csrfToken),
  [IDEMPOTENCY_HEADER]: idempotencyKey,
});

/** A new hold of a queued sale also carries the buyer's queue pass (issue 16). */
const holdHeaders = (context: WriteContext) => ({
  ...writeHeaders(context),
  ...queuePassHeaders(),
});

export function createHold(
  region: Region,
  body: CreateHoldBody,
  context: WriteContext,
): Promise<HoldResult> {
  return bookingApi(region)
    .post<HoldResponse>('/holds', body, { headers: holdHeaders(context) })
    .then(withServerTime, reportQueuePassRefusal);
}

export function createBestAvailableHold(
  region: Region,
  body: BestAvailableBody,
  context: WriteContext,
): Promise<HoldResult> {
  return bookingApi(region)
    .post<HoldResponse>('/holds/best-available', body, { headers: holdHeaders(context) })
    .then(withServerTime, reportQueuePassRefusal);
}

export function getHold(region: Region, holdId: string, signal?: AbortSignal): Promise<HoldResult> {
  return bookingApi(region)
    .get<HoldResponse>(`/holds/${seg(holdId)}`, { signal })
    .then(withServerTime);
}

export function extendHold(
  region: Region,
  holdId: string,
  context: WriteContext,
): Promise<HoldResult> {
  return bookingApi(region)
    .post<HoldResponse>(`/holds/${seg(holdId)}/extend`, {}, { headers: writeHeaders(context) })
    .then(withServerTime);
}

export function releaseHold(region: Region, holdId: string, csrfToken: string): Promise<void> {
  return bookingApi(region)
    .delete(`/holds/${seg(holdId)}`, { headers: csrfHeaders(csrfToken) })
    .then(() => undefined);
}
