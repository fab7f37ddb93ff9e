import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { http } from '../../../../tests/msw/contract';
import { apiError } from '../../../../tests/msw/handlers';
import { server, useMswServer } from '../../../../tests/msw/server';
import { CSRF } from '../../../../tests/msw/inventory';

useMswServer();
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.resetModules();
});

const MERCHANT_SESSION = { merchantSessionIdentifier: 'SSH-1', signature: 'c2ln' };
const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';

/** Safari's ApplePaySession as far as the adapter uses it: validation asked for on begin(). */
function fakeSafari() {
  const sheet = {
    validated: [] as unknown[],
    aborted: 0,
  };
  class FakeSession {
    static STATUS_SUCCESS = 0;
    static canMakePayments = () => true;
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
    onpaymentauthorized:
      ((event: { payment: { token: { paymentData: unknown } } }) => void) | null = null;
    oncancel: (() => void) | null = null;
    begin() {
      this.onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    }
    abort() {
      sheet.aborted += 1;
    }
    completeMerchantValidation(session: unknown) {
      sheet.validated.push(session);
      this.onpaymentauthorized?.({ payment: { token: { paymentData: { data: 'enc' } } } });
    }
    completePayment() {}
  }
  vi.stubGlobal('ApplePaySession', FakeSession);
  return sheet;
}

async function adapter() {
  vi.stubEnv('VITE_APPLE_PAY_MERCHANT_ID', 'merchant.test.stagedoor');
  return (await import('./applePay')).applePayAdapter;
}

const REQUEST = {
  amount: { amount: 13300, currency: 'GBP' as const },
  cardBrands: ['visa' as const],
  merchantName: 'The Lumen Theatre',
  csrfToken: CSRF,
};

describe('the Apple Pay adapter', () => {
  it("asks the payment service to validate the merchant with the session's CSRF token, and hands Apple its answer", async () => {
    const asked: { body: unknown; csrf: string | null }[] = [];
    server.use(
      http.post('/services/payment/apple-pay/session', async ({ request }) => {
        asked.push({ body: await request.json(), csrf: request.headers.get('x-csrf-token') });
        return HttpResponse.json(MERCHANT_SESSION);
      }),
    );
    const sheet = fakeSafari();
    const token = await (await adapter()).requestToken(REQUEST);
    expect(asked).toEqual([
      {
        body: {
          validationURL: VALIDATION_URL,
          merchantId: 'merchant.test.stagedoor',
          displayName: 'The Lumen Theatre',
        },
        csrf: CSRF,
      },
    ]);
    expect(sheet.validated).toEqual([MERCHANT_SESSION]);
    expect(token).toBe(JSON.stringify({ data: 'enc' }));
  });

  it('closes the sheet and pays nothing when the service refuses (the sandbox cannot validate)', async () => {
    server.use(
      http.post('/services/payment/apple-pay/session', () =>
        apiError(422, 'payment_method_unavailable'),
      ),
    );
    const sheet = fakeSafari();
    expect(await (await adapter()).requestToken(REQUEST)).toBeNull();
    expect(sheet.aborted).toBe(1);
    expect(sheet.validated).toEqual([]);
  });
});
