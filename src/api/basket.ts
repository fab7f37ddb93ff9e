import { IDEMPOTENCY_HEADER } from '@contract/api/constants';
import type { Basket, BasketResponse, PutBasketBody } from '@contract/api/basket';
import type { Region } from '@contract/regions';
import { bookingApi } from './client';
import { csrfHeaders } from './session';
import type { WriteContext } from './holds';

/** The basket of a live hold (issue 5): priced by the server, changed by the buyer's choices. */

const seg = encodeURIComponent;

export function getBasket(region: Region, holdId: string, signal?: AbortSignal): Promise<Basket> {
  return bookingApi(region)
    .get<BasketResponse>(`/holds/${seg(holdId)}/basket`, { signal })
    .then((response) => response.data.basket);
}

export function putBasket(
  region: Region,
  holdId: string,
  body: PutBasketBody,
  { csrfToken, idempotencyKey }: WriteContext,
): Promise<Basket> {
  return bookingApi(region)
    .put<BasketResponse>(`/holds/${seg(holdId)}/basket`, body, {
      headers: { ...csrfHeaders(csrfToken), [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
    .then((response) => response.data.basket);
}
