import type { VoucherKind } from '@contract/api/paymentMethodKinds';

/** The MSW double's gift vouchers and gift cards (tests/msw/paymentMethods.ts, calendarFixtures.ts). */
export interface DoubleVoucher {
  id: string;
  kind: VoucherKind;
  number: string;
  code: string;
  balance: number;
  currency: 'GBP' | 'USD';
  expiresOn: string;
}

/** As the server compares numbers and codes: upper-case, spaces and dashes ignored. */
export const normaliseVoucherNumber = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

export const DOUBLE_VOUCHERS: readonly DoubleVoucher[] = [
  {
    id: 'A0C00000-0000-4000-8000-000000000001',
    kind: 'gift_voucher',
    number: 'GV20001234',
    code: 'RED-7731',
    balance: 2_000,
    currency: 'GBP',
    expiresOn: '2027-12-31',
  },
  {
    id: 'A0C00000-0000-4000-8000-000000000002',
    kind: 'gift_card',
    number: '6000111122223333',
    code: '4321',
    balance: 50_000,
    currency: 'GBP',
    expiresOn: '2028-06-30',
  },
];
