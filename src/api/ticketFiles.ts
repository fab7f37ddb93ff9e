import type { Region } from '@contract/regions';
import { env } from '@/config/env';

/**
 * Issue 25: the addresses of an order's calendar file and each eTicket's Apple Wallet pass. They
 * are links the browser downloads, not calls: the buying session's cookie goes with them, and
 * the secret link's key (the email's reader, My account) opens them without one.
 */

const seg = encodeURIComponent;

function withKey(path: string, key: string | null): string {
  return key === null ? path : `${path}?${new URLSearchParams({ key })}`;
}

export function calendarFileUrl(region: Region, orderId: string, key: string | null): string {
  return withKey(`${env.bookingApi[region]}/orders/${seg(orderId)}/calendar.ics`, key);
}

export function walletPassUrl(
  region: Region,
  orderId: string,
  ticketId: string,
  key: string | null,
): string {
  return withKey(
    `${env.bookingApi[region]}/orders/${seg(orderId)}/tickets/${seg(ticketId)}/wallet.pkpass`,
    key,
  );
}
