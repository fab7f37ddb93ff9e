import { describe, expect, it } from 'vitest';
import type { PaymentMethods } from '@contract/api/paymentMethods';
import { cardBrandsOf, isPayMethod, isWallet, usableMethods } from './methodChoice';

const answer: PaymentMethods = {
  holdId: 'h1',
  currency: 'GBP',
  total: 5000,
  amountDue: 5000,
  methods: [
    { method: 'card', cardBrands: ['visa', 'mastercard'] },
    { method: 'google_pay', cardBrands: ['visa'] },
    { method: 'paypal', cardBrands: null },
  ],
  unavailable: [
    { method: 'apple_pay', reason: 'switched_off' },
    { method: 'gift_card', reason: 'amex_seats' },
  ],
  walletSandbox: true,
  voucherKinds: [],
  vouchers: [],
};

describe('methodChoice: the one way the SPA asks which method', () => {
  it('keeps the server’s order and leaves out wallets this browser cannot show, lines too', () => {
    const { options, unavailable } = usableMethods(answer, new Map());
    expect(options.map((option) => option.method)).toEqual(['card', 'paypal']);
    expect(unavailable.map((entry) => entry.method)).toEqual(['gift_card']);
  });

  it('offers a wallet once its sheet is ready', () => {
    const ready = new Map([
      ['google_pay', {}],
      ['apple_pay', {}],
    ] as const);
    const { options, unavailable } = usableMethods(answer, ready);
    expect(options.map((option) => option.method)).toEqual(['card', 'google_pay', 'paypal']);
    expect(unavailable.map((entry) => entry.method)).toEqual(['apple_pay', 'gift_card']);
  });

  it('offers nothing before the server has answered', () => {
    expect(usableMethods(null, new Map())).toEqual({ options: [], unavailable: [] });
  });

  it('reads a chosen or stored method back, and the card’s brands', () => {
    expect(isPayMethod('paypal')).toBe(true);
    expect(isPayMethod('gift_card')).toBe(false);
    expect(isPayMethod(undefined)).toBe(false);
    expect(isWallet('apple_pay')).toBe(true);
    expect(isWallet('card')).toBe(false);
    expect(cardBrandsOf(answer.methods)).toEqual(['visa', 'mastercard']);
    expect(cardBrandsOf([{ method: 'paypal', cardBrands: null }])).toBeNull();
  });
});
