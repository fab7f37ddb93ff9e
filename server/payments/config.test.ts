import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_KINDS } from '../../contract/api/paymentMethodKinds';
import { parsePaymentMethods, paymentConfigFromEnv } from './config';

describe('PAYMENT_METHODS (the operator switch)', () => {
  it('allows every kind when unset or empty', () => {
    expect(parsePaymentMethods(undefined)).toEqual([...PAYMENT_METHOD_KINDS]);
    expect(parsePaymentMethods(' ')).toEqual([...PAYMENT_METHOD_KINDS]);
    expect(paymentConfigFromEnv({}).methods).toEqual([...PAYMENT_METHOD_KINDS]);
  });

  it('takes a comma list, spaces and repeats ignored', () => {
    expect(parsePaymentMethods('card, gift_voucher,card ,apple_pay')).toEqual([
      'card',
      'gift_voucher',
      'apple_pay',
    ]);
    expect(paymentConfigFromEnv({ PAYMENT_METHODS: 'card' }).methods).toEqual(['card']);
  });

  it('refuses a kind it does not know, so a typo never switches a method off silently', () => {
    expect(() => parsePaymentMethods('card,paypall')).toThrow(/PAYMENT_METHODS.*paypall/);
  });
});
