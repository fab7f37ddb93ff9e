import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import type { ApplePayMerchantRequest } from '../../server/payments/provider';
import { newBuyer, newBuyerAddress } from './buyers';
import { openMigratedDatabase, venues } from './testDatabase';

/**
 * POST /services/payment/apple-pay/session (issue 24): the route the SPA's Apple Pay adapter
 * calls from `onvalidatemerchant`. The sandbox cannot validate a merchant and says so in words;
 * a provider that can is asked with Apple's address, the merchant and the shop's domain.
 */
const URL_PATH = '/services/payment/apple-pay/session';
const VALID = {
  validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
  merchantId: 'merchant.test.stagedoor',
  displayName: 'The Lumen Theatre',
};

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    payment: { tokenRateLimit: { max: 1000, windowSeconds: 600 } },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

async function post(body: unknown, options: { csrf?: boolean; session?: boolean } = {}) {
  const buyer = await newBuyer(app);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.session !== false) headers.cookie = buyer.cookie;
  if (options.csrf !== false) headers['x-csrf-token'] = buyer.csrf;
  return app.inject({
    method: 'POST',
    url: URL_PATH,
    headers,
    remoteAddress: newBuyerAddress(),
    payload: JSON.stringify(body),
  });
}

describe('Apple Pay merchant validation', () => {
  it('is refused by the sandbox with a worded 422, not a 5xx', async () => {
    const response = await post(VALID);
    expect(response.statusCode).toBe(422);
    const body = apiErrorSchema.parse(response.json());
    expect(body.code).toBe('payment_method_unavailable');
    expect(body.message).toBe(
      'Apple Pay cannot be used with the sandbox payment provider: it cannot validate the shop with Apple. Please choose another way to pay.',
    );
  });

  it('needs the booking session and its CSRF token, as every state-changing call', async () => {
    const noSession = await post(VALID, { session: false });
    expect(noSession.statusCode).toBe(401);
    const forged = await post(VALID, { csrf: false });
    expect(forged.statusCode).toBe(403);
    expect(apiErrorSchema.parse(forged.json()).code).toBe('csrf_failed');
  });

  it.each([
    ['an address that is not Apple’s', { validationURL: 'https://evil.example/startSession' }],
    ['plain http', { validationURL: 'http://apple-pay-gateway.apple.com/paymentservices/x' }],
    ['a look-alike host', { validationURL: 'https://apple-pay-gateway.apple.com.evil.example/' }],
    ['a port of its own', { validationURL: 'https://apple-pay-gateway.apple.com:8443/x' }],
    ['no merchant', { merchantId: undefined }],
    ['a merchant id that is not one', { merchantId: 'stagedoor' }],
    ['an empty merchant name', { displayName: '  ' }],
    ['a field it does not know', { extra: 1 }],
  ])('refuses %s with 400 validation_failed', async (_name, change) => {
    const response = await post({ ...VALID, ...change });
    expect(response.statusCode).toBe(400);
    expect(apiErrorSchema.parse(response.json()).code).toBe('validation_failed');
  });

  it('hands a provider that can validate the request, and the browser its merchant session', async () => {
    const provider = app.payments.provider;
    const asked: ApplePayMerchantRequest[] = [];
    const merchantSession = {
      merchantSessionIdentifier: 'SSH-1',
      signature: 'c2ln',
      epochTimestamp: 1,
    };
    provider.validateApplePayMerchant = (request) => {
      asked.push(request);
      return Promise.resolve(merchantSession);
    };
    try {
      const response = await post({
        ...VALID,
        validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(merchantSession);
      // Apple's session is for this sheet only: never kept by a cache.
      expect(response.headers['cache-control']).toContain('no-store');
      expect(asked).toEqual([
        {
          validationURL: 'https://apple-pay-gateway-cert.apple.com/paymentservices/startSession',
          merchantId: 'merchant.test.stagedoor',
          displayName: 'The Lumen Theatre',
          initiativeContext: expect.any(String) as string,
        },
      ]);
    } finally {
      delete provider.validateApplePayMerchant;
    }
  });
});
