import { randomBytes } from 'node:crypto';
import { APP_HANDOVER_MINUTES, type AppHandover } from '../../contract/api/orders';
import type { Queryable } from '../db/database';
import * as o from './queries';
import { notFound } from '../lib/errors';
import { hashToken } from '../lib/tokenHash';

/**
 * "Get your tickets in the app": the owner's page asks for a one-time token, the phone opens
 * the app with it (deep link, or the web link's QR code scanned from a desktop), and the app
 * redeems it once for the order. Only a SHA-256 of the token is kept, so the table alone opens
 * nothing; it lives APP_HANDOVER_MINUTES.
 */

/** The app's URL scheme (its deep link) and the path of its universal link on the shop. */
export const APP_DEEP_LINK = 'stagedoor://tickets';
export const APP_WEB_PATH = '/app/tickets';

export async function createHandover(
  db: Queryable,
  orderId: string,
  shopOrigin: string,
): Promise<AppHandover> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await o.insertHandoverToken(db, {
    hash: hashToken(token),
    orderId,
    minutes: APP_HANDOVER_MINUTES,
  });
  const query = new URLSearchParams({ token }).toString();
  return {
    deepLink: `${APP_DEEP_LINK}?${query}`,
    webLink: `${shopOrigin}${APP_WEB_PATH}?${query}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The order a live, unused token of this region was made for; 404 for any other token. */
export async function redeemHandover(
  db: Queryable,
  token: string,
  region: string,
): Promise<string> {
  const orderId = await o.redeemHandoverToken(db, hashToken(token), region);
  if (!orderId) throw notFound('Handover');
  return orderId;
}
