import { createHmac, randomBytes } from 'node:crypto';
import type { ServerKeys } from './serverKeys';

const KEY_NAME = 'client-address-digest';

/**
 * A keyed digest of a client address, so sessions and holds can be grouped by the address that
 * made them without keeping it: an unkeyed hash of an IPv4 address is undone by trying all 2^32.
 * Every instance shares the key (server_keys), so they all group alike.
 */
export async function clientDigest(keys: ServerKeys, address: string): Promise<string> {
  const key = await keys.get(KEY_NAME, () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', Buffer.from(key, 'base64url')).update(address).digest('base64url');
}
