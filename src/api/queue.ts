import { QUEUE_PASS_HEADER } from '@contract/api/constants';
import type { QueueTicket } from '@contract/api/queue';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { isApiError } from './errors';
import { csrfHeaders } from './session';

/** The onsale waiting room of a regional booking API (issue 16). */

const seg = encodeURIComponent;

/** Takes a place, or answers with the place this browser session already has (one per session). */
export function joinQueue(region: Region, saleId: string, csrfToken: string): Promise<QueueTicket> {
  return bookingApi(region)
    .post<QueueTicket>(`/queues/${seg(saleId)}/join`, {}, { headers: csrfHeaders(csrfToken) })
    .then((response) => response.data);
}

export function getQueuePosition(
  region: Region,
  saleId: string,
  signal?: AbortSignal,
): Promise<QueueTicket> {
  return bookingApi(region)
    .get<QueueTicket>(`/queues/${seg(saleId)}/position`, { signal })
    .then((response) => response.data);
}

/**
 * The pass hold calls send. The route gate sets it for the queued sale whose page the buyer is
 * on (and clears it elsewhere), so the hold functions need not know about sales: a hold is only
 * made from a page the gate let the buyer onto.
 */
let passForHolds: string | null = null;

export function setPassForHolds(pass: string | null): void {
  passForHolds = pass;
}

export function queuePassHeaders(): Record<string, string> {
  return passForHolds === null ? {} : { [QUEUE_PASS_HEADER]: passForHolds };
}

type RefusalListener = () => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Told whenever the booking API refuses a hold for want of a valid pass, whichever flow made
 * the call: the queue flow then takes the buyer back to the waiting room.
 */
export function onQueuePassRefused(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

export function isQueuePassRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === 'queue_pass_required';
}

/** Passes a hold call's failure on unchanged, telling the queue flow first if it was the pass. */
export function reportQueuePassRefusal(error: unknown): never {
  if (isQueuePassRefusal(error)) for (const listener of refusalListeners) listener();
  throw error;
}
