import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * An order's secret link key (`?key=`, 256 bits): what lets someone without the buyer's session
 * (the confirmation email's reader, a bookmark) read the order. The database keeps a SHA-256 of
 * it to check a link with, and a copy sealed with AES-256-GCM under a server key so the owner's
 * session can be shown the link again on the confirmation page after a reload. Neither the hash
 * nor the sealed copy alone opens the order.
 */

export const ORDER_LINK_KEY_NAME = 'order-link-aes-256-gcm';

export const newAccessKey = (): string => randomBytes(32).toString('base64url');

export const accessKeyHash = (key: string): string =>
  createHash('sha256').update(key).digest('base64url');

/** Whether `key` is the one behind `storedHash`, in time that does not depend on where they differ. */
export function accessKeyMatches(key: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(accessKeyHash(key));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class LinkSealer {
  private constructor(private readonly key: Buffer) {}

  static async load(keys: ServerKeys): Promise<LinkSealer> {
    const material = await keys.get(ORDER_LINK_KEY_NAME, () =>
      randomBytes(32).toString('base64url'),
    );
    return new LinkSealer(Buffer.from(material, 'base64url'));
  }

  /**
   * iv ‖ ciphertext ‖ tag, base64url; the order id is bound in, so a copy cannot be moved. Both
   * sides pass the id as stored (OrderRow.id, upper-case), so it is bound in one form.
   */
  seal(accessKey: string, orderId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(orderId));
    const sealed = Buffer.concat([cipher.update(accessKey, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  open(sealed: string, orderId: string): string {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(orderId));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}

/** Order numbers: "SD-" and 8 characters, none of them a look-alike (0/O, 1/I/L). */
const NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newOrderNumber(): string {
  let out = 'SD-';
  while (out.length < 11) {
    // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
    for (const byte of randomBytes(16)) {
      if (byte < 248 && out.length < 11) out += NUMBER_ALPHABET[byte % 31];
    }
  }
  return out;
}
