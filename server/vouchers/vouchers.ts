import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { VoucherKind } from '../../contract/api/paymentMethodKinds';
import type { AppliedVoucher } from '../../contract/api/paymentMethods';
import type { VenueSettings } from '../../contract/venue';
import type { AppliedVoucherRow, VoucherRow } from './queries';
import type { ServerKeys } from '../lib/serverKeys';
import { localDate } from '../lib/zonedTime';

/**
 * The rules of gift vouchers and gift cards that need no database: how a printed number is
 * read, how a code is checked, when a voucher has expired, and what each applied voucher gives
 * a basket. The flows that read and write them are apply.ts and pay.ts.
 */

const CODE_KEY_NAME = 'voucher-code';

/** Printed numbers and codes come in groups: spaces and dashes are not part of them. */
export const normaliseVoucherText = (text: string): string =>
  text.replace(/[\s-]/g, '').toUpperCase();

/** The server's `voucher-code` key, made once and shared by every instance (server_keys). */
export const voucherCodeKey = (keys: ServerKeys): Promise<string> =>
  keys.get(CODE_KEY_NAME, () => randomBytes(32).toString('base64url'));

/**
 * The stored form of a code: HMAC-SHA-256 under the `voucher-code` key, bound to the voucher's
 * id. Codes are short (a plain hash of six characters is undone by trying them all), so a copy
 * of the database without the key lends no one a voucher, and one voucher's hash says nothing
 * about another's.
 */
export function voucherCodeHash(key: string, voucherId: string, code: string): string {
  return createHmac('sha256', Buffer.from(key, 'base64url'))
    .update(`${voucherId.toUpperCase()}:${normaliseVoucherText(code)}`)
    .digest('base64url');
}

/** Whether `code` is the voucher's, compared in constant time. */
export function codeMatches(
  key: string,
  voucher: Pick<VoucherRow, 'id' | 'codeHash'>,
  code: string,
): boolean {
  const given = Buffer.from(voucherCodeHash(key, voucher.id, code));
  const stored = Buffer.from(voucher.codeHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * A voucher may be used until the end of its expiry day on the calendar of the venue where it
 * is used (a region's venues may lie in different time zones).
 */
export const hasExpired = (
  voucher: Pick<VoucherRow, 'expiresOn'>,
  venue: VenueSettings,
  at: Date,
) => localDate(at, venue.timezone) > voucher.expiresOn;

export interface AllocationLine {
  voucher: AppliedVoucherRow;
  /** What it gives this basket (minor units; 0 when it has nothing left or has expired). */
  amount: number;
}

export interface Allocation {
  lines: AllocationLine[];
  /** What the vouchers pay together. */
  covered: number;
  /** What is left for a pay method. */
  amountDue: number;
}

/**
 * What each applied voucher gives, in the order they were applied: as much as it may still give
 * (`usable`) of what is still due; nothing once it has expired, or when its kind is no longer
 * `accepted` (the operator switched it off since). Worked out afresh on every read and again,
 * under the vouchers' locks, by the pay attempt that reserves it.
 */
export function allocate(
  applied: readonly AppliedVoucherRow[],
  total: number,
  venue: VenueSettings,
  at: Date,
  accepted: readonly VoucherKind[],
): Allocation {
  let due = total;
  const lines = applied.map((voucher) => {
    const usable = accepted.includes(voucher.kind) && !hasExpired(voucher, venue, at);
    const amount = usable ? Math.max(0, Math.min(voucher.usable, due)) : 0;
    due -= amount;
    return { voucher, amount };
  });
  return { lines, covered: total - due, amountDue: due };
}

/** The buyer's view of an applied voucher: never its number, only the end they recognise. */
export function appliedVoucherView({ voucher, amount }: AllocationLine): AppliedVoucher {
  return {
    id: voucher.id,
    kind: voucher.kind,
    numberEnding: voucher.number.slice(-4),
    amountApplied: amount,
    remainingBalance: voucher.usable - amount,
    currency: voucher.currency,
    expiresOn: voucher.expiresOn,
  };
}
