import { randomUUID } from 'node:crypto';
import type { VoucherKind } from '../../../contract/api/paymentMethodKinds';
import { REGION_CURRENCY, REGIONS, type Region } from '../../../contract/regions';
import { ServerKeys } from '../../lib/serverKeys';
import { normaliseVoucherText, voucherCodeHash, voucherCodeKey } from '../../vouchers';
import { addDays, localDate } from '../../lib/zonedTime';
import type { Queryable } from '../../db/database';
import { insertVoucher } from '../../vouchers';

/**
 * Demo gift vouchers and gift cards (issue 15), seeded once under their own marker so a database
 * seeded before them gets them too. Every region has the same set: one that covers any demo
 * basket, partial ones (one per journey or test that spends one, so no two ever share a
 * balance), an expired one and one in the other currency. README lists them.
 */

export type DemoVoucherPurpose =
  | 'full'
  | 'demo'
  | 'journey-card'
  | 'journey-promo'
  | 'api-apply'
  | 'api-3ds'
  | 'api-declined'
  | 'api-timeout'
  | 'api-expired-hold'
  | 'api-superseded'
  | 'api-double-click'
  | 'api-drain'
  | 'api-race'
  | 'crash'
  | 'expired'
  | 'other-currency';

export interface DemoVoucher {
  region: Region;
  kind: VoucherKind;
  purpose: DemoVoucherPurpose;
  /** As printed (groups of four); the shop ignores the spaces. */
  number: string;
  /** The redemption code (gift voucher) or access number (gift card). */
  code: string;
  currency: 'GBP' | 'USD';
  /** Minor units. */
  balance: number;
  /** Days from the seeding day (UTC) to its last day; negative for the expired one. */
  expiresInDays: number;
}

/** Each purpose's balance (minor units) and expiry; the order fixes each one's number. */
const PURPOSES: readonly { purpose: DemoVoucherPurpose; balance: number; days?: number }[] = [
  { purpose: 'full', balance: 500_000 },
  { purpose: 'demo', balance: 2_500 },
  { purpose: 'journey-card', balance: 1_000 },
  { purpose: 'journey-promo', balance: 1_500 },
  { purpose: 'api-apply', balance: 1_000 },
  { purpose: 'api-3ds', balance: 1_000 },
  { purpose: 'api-declined', balance: 1_000 },
  { purpose: 'api-timeout', balance: 1_000 },
  { purpose: 'api-expired-hold', balance: 1_000 },
  { purpose: 'api-superseded', balance: 1_000 },
  { purpose: 'api-double-click', balance: 1_000 },
  { purpose: 'api-drain', balance: 1_000 },
  { purpose: 'api-race', balance: 5_000 },
  { purpose: 'crash', balance: 1_000 },
  { purpose: 'expired', balance: 5_000, days: -30 },
  { purpose: 'other-currency', balance: 5_000 },
];
const VALID_DAYS = 730;

const REGION_DIGITS: Record<Region, string> = {
  uk: '44',
  'us-west': '12',
  'us-east': '11',
  'us-central': '13',
};

const otherCurrency = (currency: 'GBP' | 'USD') => (currency === 'GBP' ? 'USD' : 'GBP');

/**
 * 16 digits in groups of four: kind (60 voucher, 63 card), region, a fixed run, then its place in
 * the list and the region again (so each ends differently). No long run of one digit: a card
 * number search (tests/api/cardData.ts) must never mistake one for a test card's.
 */
function numberOf(kind: VoucherKind, region: Region, index: number): string {
  const digits = `${kind === 'gift_voucher' ? '60' : '63'}${REGION_DIGITS[region]}73182591${String(
    index + 1,
  ).padStart(2, '0')}${REGION_DIGITS[region]}`;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Gift vouchers have a six-character redemption code, gift cards a four-digit access number. */
function codeOf(kind: VoucherKind, region: Region, index: number): string {
  const n = index + 1;
  return kind === 'gift_voucher'
    ? `RC${REGION_DIGITS[region]}${String(n).padStart(2, '0')}`
    : `${REGION_DIGITS[region]}${String(n).padStart(2, '0')}`;
}

export const DEMO_VOUCHERS: readonly DemoVoucher[] = REGIONS.flatMap((region) =>
  (['gift_voucher', 'gift_card'] as const).flatMap((kind) =>
    PURPOSES.map(({ purpose, balance, days }, index) => {
      const currency = REGION_CURRENCY[region];
      return {
        region,
        kind,
        purpose,
        number: numberOf(kind, region, index),
        code: codeOf(kind, region, index),
        currency: purpose === 'other-currency' ? otherCurrency(currency) : currency,
        balance,
        expiresInDays: days ?? VALID_DAYS,
      };
    }),
  ),
);

/** The demo voucher of a region, kind and purpose (tests and journeys name the one they spend). */
export function demoVoucher(
  region: Region,
  kind: VoucherKind,
  purpose: DemoVoucherPurpose,
): DemoVoucher {
  const found = DEMO_VOUCHERS.find(
    (voucher) => voucher.region === region && voucher.kind === kind && voucher.purpose === purpose,
  );
  if (!found) throw new Error(`no demo ${kind} ${purpose} in ${region}`);
  return found;
}

export async function seedVouchers(tx: Queryable, now: Date): Promise<void> {
  // A key of this transaction's own: the seed commits the key with the hashes made under it.
  const key = await voucherCodeKey(new ServerKeys(tx));
  const today = localDate(now, 'UTC');
  for (const voucher of DEMO_VOUCHERS) {
    const id = randomUUID().toUpperCase();
    await insertVoucher(tx, {
      id,
      kind: voucher.kind,
      region: voucher.region,
      number: normaliseVoucherText(voucher.number),
      codeHash: voucherCodeHash(key, id, voucher.code),
      currency: voucher.currency,
      balance: voucher.balance,
      expiresOn: addDays(today, voucher.expiresInDays),
    });
  }
}
