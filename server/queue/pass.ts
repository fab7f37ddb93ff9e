import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerKeys } from '../lib/serverKeys';

/**
 * The pass a buyer leaves the onsale queue with (issue 16): `<saleId>.<expiry>.<mac>`, where the
 * MAC (HMAC-SHA256 with a key every instance shares, server_keys) covers the sale, the session
 * and the expiry. The session id is not in the pass; it is the one the request comes with, so a
 * pass copied to another session, another sale or past its expiry fails the check. Checking is
 * a hash in memory: no database read on the hold route.
 */
export const QUEUE_PASS_KEY = 'queue-pass-hmac';

export class QueuePasses {
  private constructor(private readonly key: Buffer) {}

  static async load(keys: ServerKeys): Promise<QueuePasses> {
    const material = await keys.get(QUEUE_PASS_KEY, () => randomBytes(32).toString('base64url'));
    return new QueuePasses(Buffer.from(material, 'base64url'));
  }

  private mac(saleId: string, sessionId: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.key)
      .update(`${saleId}\n${sessionId.toLowerCase()}\n${expiresAt}`)
      .digest();
  }

  /** The pass of `sessionId` for `saleId`, valid until `expiresAt`. */
  sign(saleId: string, sessionId: string, expiresAt: Date): string {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    return `${saleId}.${seconds}.${this.mac(saleId, sessionId, seconds).toString('base64url')}`;
  }

  /** True when `pass` is this session's for this sale and not expired at `now`. */
  verify(pass: string | undefined, saleId: string, sessionId: string, now = Date.now()): boolean {
    if (!pass || pass.length > 200) return false;
    const [sale, expiry, mac, ...rest] = pass.split('.');
    if (rest.length > 0 || sale !== saleId || !expiry || !/^\d{1,12}$/.test(expiry) || !mac) {
      return false;
    }
    const seconds = Number(expiry);
    if (seconds * 1000 <= now) return false;
    const sent = Buffer.from(mac, 'base64url');
    const expected = this.mac(saleId, sessionId, seconds);
    return sent.length === expected.length && timingSafeEqual(sent, expected);
  }
}
