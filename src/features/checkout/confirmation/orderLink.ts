import { isId } from '@contract/patterns';
import { CHECKOUT_PATHS } from '@/config/paths';

/**
 * The confirmation page's address. `?order=<id>` alone is for the session that bought it (a
 * reload keeps the page); with `&key=` it is the order's secret link, readable by anyone who has
 * it (the bookmark, the confirmation email). `&venue=` says where the order lives and frames the
 * page in the venue's colours; a link without it is looked up in every region.
 */
export function confirmationPath(orderId: string, key?: string, venueSlug?: string): string {
  const params = new URLSearchParams({ order: orderId });
  if (key !== undefined) params.set('key', key);
  if (venueSlug !== undefined) params.set('venue', venueSlug);
  return `${CHECKOUT_PATHS.confirmation}?${params.toString()}`;
}

/** The secret key's shape (contract/api/orders.ts ORDER_KEY_PATTERN: 43 base64url characters). */
const ORDER_KEY = /^[\w-]{43}$/;

/** What a confirmation address names; null parts are missing or malformed (then ignored). */
export function readOrderLink(params: URLSearchParams): {
  orderId: string | null;
  key: string | null;
} {
  const orderId = params.get('order')?.toUpperCase() ?? undefined;
  const key = params.get('key') ?? '';
  return { orderId: isId(orderId) ? orderId : null, key: ORDER_KEY.test(key) ? key : null };
}
