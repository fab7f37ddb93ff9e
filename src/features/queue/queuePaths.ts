/** The waiting room's address: the same in every routing mode, like the checkout's. */
export const WAITING_ROOM_PATH = '/queue/:saleId';

/**
 * `?venue=` frames the room in the venue's colours and words (as on the confirmation link);
 * `?next=` is where the buyer was heading, `?refused=1` says a hold was refused for want of a
 * pass, so the room explains why the buyer is back.
 */
export function waitingRoomPath(
  saleId: string,
  venueSlug: string,
  next: string,
  refused = false,
): string {
  const query = new URLSearchParams({ venue: venueSlug, next });
  if (refused) query.set('refused', '1');
  return `/queue/${encodeURIComponent(saleId)}?${query.toString()}`;
}

/**
 * Only a path of this shop is a place to go on to: a full address or a protocol-relative
 * `//host` would turn the waiting room into an open redirect.
 */
export function safeNextPath(next: string | null): string | null {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return null;
  return next;
}
