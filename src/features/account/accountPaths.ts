import { ACCOUNT_PATHS } from '@/config/paths';

const seg = encodeURIComponent;

/** An account page framed in a venue (`?venue=`), as the member pages are. */
export function accountPath(path: string, venueSlug: string): string {
  return `${path}?${new URLSearchParams({ venue: venueSlug }).toString()}`;
}

export function accountOrderPath(orderId: string, venueSlug: string): string {
  return accountPath(ACCOUNT_PATHS.order.replace(':orderId', seg(orderId)), venueSlug);
}
