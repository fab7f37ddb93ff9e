import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_KINDS, PAY_METHODS } from '../../contract/api/paymentMethodKinds';
import { VENUE_SETTING_DEFAULTS } from '../../contract/venueDefaults';
import { ApiError } from '../lib/errors';
import { availableMethods, checkPayChoice, type MethodRulesInput } from './methods';

const ALL_BRANDS = ['visa', 'visa-debit', 'mastercard', 'amex'] as const;

const input = (overrides: Partial<MethodRulesInput> = {}): MethodRulesInput => ({
  venue: { paymentMethods: [...VENUE_SETTING_DEFAULTS.paymentMethods] },
  basket: { acceptedCardBrands: [...ALL_BRANDS] },
  deliveryMethod: 'eTicket',
  amountDue: 4250,
  operatorMethods: [...PAYMENT_METHOD_KINDS],
  providerMethods: [...PAY_METHODS],
  ...overrides,
});

const methodsOf = (choice: ReturnType<typeof availableMethods>) =>
  choice.methods.map((option) => option.method);

function refusal(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('availableMethods', () => {
  it('offers every method the venue lists, in its order, with the basket’s card brands', () => {
    const choice = availableMethods(
      input({ venue: { paymentMethods: ['paypal', 'gift_card', 'card', 'apple_pay'] } }),
    );
    expect(choice).toEqual({
      methods: [
        { method: 'paypal', cardBrands: null },
        { method: 'card', cardBrands: [...ALL_BRANDS] },
        { method: 'apple_pay', cardBrands: [...ALL_BRANDS] },
      ],
      unavailable: [],
      voucherKinds: ['gift_card'],
    });
  });

  it('leaves out what the venue does not list', () => {
    const choice = availableMethods(input({ venue: { paymentMethods: ['card'] } }));
    expect(methodsOf(choice)).toEqual(['card']);
    expect(choice.voucherKinds).toEqual([]);
    expect(choice.unavailable).toEqual([]);
  });

  it('names what the operator switched off, never offering it', () => {
    const choice = availableMethods(
      input({ operatorMethods: ['card', 'gift_voucher', 'apple_pay'] }),
    );
    expect(methodsOf(choice)).toEqual(['card', 'apple_pay']);
    expect(choice.voucherKinds).toEqual(['gift_voucher']);
    expect(choice.unavailable).toEqual([
      { method: 'google_pay', reason: 'switched_off' },
      { method: 'paypal', reason: 'switched_off' },
      { method: 'gift_card', reason: 'switched_off' },
    ]);
  });

  it('drops pay methods the provider cannot take, but keeps the box office’s vouchers', () => {
    const choice = availableMethods(input({ providerMethods: ['card'] }));
    expect(methodsOf(choice)).toEqual(['card']);
    expect(choice.voucherKinds).toEqual(['gift_voucher', 'gift_card']);
    expect(choice.unavailable).toEqual([]);
  });

  it('lets American Express seats pay by American Express card only', () => {
    const choice = availableMethods(input({ basket: { acceptedCardBrands: ['amex'] } }));
    expect(choice.methods).toEqual([{ method: 'card', cardBrands: ['amex'] }]);
    expect(choice.voucherKinds).toEqual([]);
    expect(choice.unavailable).toEqual([
      { method: 'google_pay', reason: 'amex_seats' },
      { method: 'apple_pay', reason: 'amex_seats' },
      { method: 'paypal', reason: 'amex_seats' },
      { method: 'gift_voucher', reason: 'amex_seats' },
      { method: 'gift_card', reason: 'amex_seats' },
    ]);
  });

  it('offers no PayPal for posted tickets, and PayPal for every other delivery', () => {
    const posted = availableMethods(input({ deliveryMethod: 'post' }));
    expect(methodsOf(posted)).toEqual(['card', 'google_pay', 'apple_pay']);
    expect(posted.unavailable).toEqual([{ method: 'paypal', reason: 'posted_delivery' }]);
    for (const deliveryMethod of ['eTicket', 'boxOffice', 'theatreCourse', null] as const) {
      expect(methodsOf(availableMethods(input({ deliveryMethod })))).toContain('paypal');
    }
  });

  it('gives the operator’s reason before the basket’s', () => {
    const choice = availableMethods(
      input({
        deliveryMethod: 'post',
        basket: { acceptedCardBrands: ['amex'] },
        operatorMethods: ['card'],
        venue: { paymentMethods: ['card', 'paypal'] },
      }),
    );
    expect(choice.unavailable).toEqual([{ method: 'paypal', reason: 'switched_off' }]);
  });

  it('has nothing to choose when nothing is left to pay', () => {
    expect(availableMethods(input({ amountDue: 0, deliveryMethod: 'post' }))).toEqual({
      methods: [],
      unavailable: [],
      voucherKinds: [],
    });
  });

  it('leaves nothing usable when the operator switched off all the venue offers', () => {
    const choice = availableMethods(
      input({ venue: { paymentMethods: ['paypal'] }, operatorMethods: ['card'] }),
    );
    expect(choice.methods).toEqual([]);
    expect(choice.unavailable).toEqual([{ method: 'paypal', reason: 'switched_off' }]);
  });
});

describe('checkPayChoice', () => {
  const options = { amountDue: 4250, methods: availableMethods(input()).methods };

  it('takes a card token without a method as a card payment (the pay body before issue 15)', () => {
    expect(checkPayChoice(options, { cardToken: 'tok_1' })).toBe('card');
  });

  it('takes each method the basket may use', () => {
    expect(checkPayChoice(options, { method: 'card', cardToken: 'tok_1' })).toBe('card');
    expect(checkPayChoice(options, { method: 'google_pay', cardToken: 'tok_1' })).toBe(
      'google_pay',
    );
    expect(checkPayChoice(options, { method: 'apple_pay', cardToken: 'tok_1' })).toBe('apple_pay');
    expect(checkPayChoice(options, { method: 'paypal', cardToken: null })).toBe('paypal');
  });

  it('refuses a payment with no way to pay', () => {
    const error = refusal(() => checkPayChoice(options, { cardToken: null }));
    expect([error.statusCode, error.code, error.fields]).toEqual([
      400,
      'validation_failed',
      ['body.cardToken'],
    ]);
  });

  it('refuses a token for PayPal and a card or wallet without one', () => {
    for (const body of [
      { method: 'paypal', cardToken: 'tok_1' },
      { method: 'card', cardToken: null },
      { method: 'google_pay', cardToken: null },
    ] as const) {
      const error = refusal(() => checkPayChoice(options, body));
      expect([error.statusCode, error.code]).toEqual([400, 'validation_failed']);
    }
  });

  it('refuses a method the basket cannot use with 422 payment_method_unavailable', () => {
    const posted = {
      amountDue: 4250,
      methods: availableMethods(input({ deliveryMethod: 'post' })).methods,
    };
    const error = refusal(() => checkPayChoice(posted, { method: 'paypal', cardToken: null }));
    expect([error.statusCode, error.code, error.fields]).toEqual([
      422,
      'payment_method_unavailable',
      ['body.method'],
    ]);
    const amex = {
      amountDue: 4250,
      methods: availableMethods(input({ basket: { acceptedCardBrands: ['amex'] } })).methods,
    };
    expect(refusal(() => checkPayChoice(amex, { method: 'apple_pay', cardToken: 't' })).code).toBe(
      'payment_method_unavailable',
    );
    expect(checkPayChoice(amex, { method: 'card', cardToken: 't' })).toBe('card');
  });

  it('refuses a card when the operator switched cards off', () => {
    const switchedOff = {
      amountDue: 4250,
      methods: availableMethods(input({ operatorMethods: ['paypal'] })).methods,
    };
    expect(refusal(() => checkPayChoice(switchedOff, { cardToken: 'tok_1' })).code).toBe(
      'payment_method_unavailable',
    );
  });

  it('answers null when nothing is left to pay, and refuses a card or method then', () => {
    const nothing = { amountDue: 0, methods: [] };
    expect(checkPayChoice(nothing, { cardToken: null })).toBeNull();
    for (const body of [{ cardToken: 'tok_1' }, { method: 'paypal', cardToken: null }] as const) {
      const error = refusal(() => checkPayChoice(nothing, body));
      expect([error.statusCode, error.code]).toEqual([400, 'validation_failed']);
    }
  });
});
