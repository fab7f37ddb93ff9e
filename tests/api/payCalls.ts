import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { payResponseSchema, type PayResponse } from '../../contract/api/orders';
import type { PayMethod } from '../../contract/api/paymentMethodKinds';
import { callApi, newKey, type Buyer } from './buyers';
import { buyerBrowser as browser } from './checkoutFixtures';

export interface PayOptions {
  basketVersion: string;
  cardToken: string | null;
  method?: PayMethod;
  amountDue?: number;
  /** The pay attempt's Idempotency-Key; a new one unless a test repeats an attempt. */
  key?: string;
}

/**
 * The pay request and the 3-D Secure / PayPal continuation as the SPA sends them, for the test
 * files that pay in several ways. `app` is read at each call: the files build theirs in beforeAll.
 */
export function payCalls(app: () => FastifyInstance) {
  function payCall(buyer: Buyer, holdId: string, options: PayOptions, target = app()) {
    return callApi(target, buyer, 'POST', `/holds/${holdId}/order`, {
      key: options.key ?? newKey(),
      headers: { 'user-agent': 'Mozilla/5.0 (pay calls)', accept: 'application/json' },
      body: {
        basketVersion: options.basketVersion,
        cardToken: options.cardToken,
        ...(options.method ? { method: options.method } : {}),
        ...(options.amountDue === undefined ? {} : { amountDue: options.amountDue }),
        browser,
      },
    });
  }

  async function pay(buyer: Buyer, holdId: string, options: PayOptions): Promise<PayResponse> {
    const response = await payCall(buyer, holdId, options);
    expect(response.statusCode, response.body).toBe(200);
    return payResponseSchema.parse(response.json());
  }

  async function continuePay(buyer: Buyer, answer: PayResponse): Promise<PayResponse> {
    const response = await callApi(
      app(),
      buyer,
      'POST',
      `/orders/${answer.orderId}/payments/${answer.paymentId}/continue`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return payResponseSchema.parse(response.json());
  }

  /** The browser on a sandbox page (3-D Secure, PayPal): loads it and submits its form. */
  async function submitPage(url: string, fields: Record<string, string>): Promise<string> {
    const page = await app().inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode, page.body).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    expect(action, page.body).toBeDefined();
    const sent = await app().inject({
      method: 'POST',
      url: action!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(sent.statusCode).toBe(303);
    return String(sent.headers.location);
  }

  return { payCall, pay, continuePay, submitPage };
}
