import { randomUUID } from 'node:crypto';
import { basketResponseSchema, type Basket } from '../../../contract/api/basket';
import { holdResponseSchema } from '../../../contract/api/holds';
import { payResponseSchema, type PayResponse } from '../../../contract/api/orders';
import { cardTokenSchema } from '../../../contract/api/payment';
import { paymentMethodsSchema, type ApplyVoucherBody } from '../../../contract/api/paymentMethods';
import { sessionSchema } from '../../../contract/api/session';
import { testCard, type SandboxBehaviour } from '../../../server/payments/sandbox/testCards';
import { buyerBrowser as browser, detailsBody, deviceData } from '../checkoutFixtures';

/**
 * A buyer driving a server over real HTTP, as the SPA does (crash.test.ts): a session, a hold,
 * details, a card token, the pay request and the 3-D Secure pages.
 */

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export class Shopper {
  holdId = '';
  basket: Basket | undefined;
  /** What the payment step says is left after the vouchers applied (sent with the pay request). */
  amountDue: number | undefined;

  private constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  static async arrive(base: string): Promise<Shopper> {
    const response = await fetch(new URL('services/session/sessions', base), { method: 'POST' });
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = sessionSchema.parse(await expectOk(response, 'session'));
    return new Shopper(base, cookie, csrfToken);
  }

  /** A call to the UK booking API with what a write needs (CSRF token, Idempotency-Key). */
  api(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') {
      headers['x-csrf-token'] = this.csrf;
      headers['idempotency-key'] = randomUUID();
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    return fetch(new URL(`api/uk${path}`, this.base), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  /** Holds the seat and gives eTicket delivery details: ready to pay. */
  async holdAndDetails(performanceId: string, seatId: string): Promise<void> {
    const held = await this.api('POST', '/holds', { performanceId, seats: [seatId] });
    this.holdId = holdResponseSchema.parse(await expectOk(held, 'hold')).hold.id;
    const details = await this.api('PUT', `/holds/${this.holdId}/details`, detailsBody());
    await expectOk(details, 'details');
    let basket = await this.readBasket();
    if (basket.ticketProtection?.choice === 'undecided') {
      await expectOk(
        await this.api('PUT', `/holds/${this.holdId}/basket`, { ticketProtection: 'no' }),
        'ticket protection',
      );
      basket = await this.readBasket();
    }
    this.basket = basket;
  }

  private async readBasket(): Promise<Basket> {
    const response = await this.api('GET', `/holds/${this.holdId}/basket`);
    return basketResponseSchema.parse(await expectOk(response, 'basket')).basket;
  }

  /** Applies a gift voucher or gift card to the hold (issue 15); what is left to pay. */
  async applyVoucher(voucher: ApplyVoucherBody): Promise<number> {
    const { kind, number, code } = voucher;
    const response = await this.api('POST', `/holds/${this.holdId}/vouchers`, {
      kind,
      number,
      code,
    });
    this.amountDue = paymentMethodsSchema.parse(await expectOk(response, 'voucher')).amountDue;
    return this.amountDue;
  }

  async token(behaviour: SandboxBehaviour): Promise<string> {
    const response = await fetch(new URL('services/payment/tokens', this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        number: testCard('visa', behaviour).number,
        name: 'Ada Lovelace',
        expiry: '08/30',
        cvv: '123',
      }),
    });
    return cardTokenSchema.parse(await expectOk(response, 'token')).token;
  }

  /** The pay request; the raw response, so a caller may fire it and let the server die under it. */
  payRequest(cardToken: string): Promise<Response> {
    return this.api('POST', `/holds/${this.holdId}/order`, {
      basketVersion: this.basket!.version,
      cardToken,
      ...(this.amountDue === undefined ? {} : { amountDue: this.amountDue }),
      browser,
    });
  }

  async pay(cardToken: string): Promise<PayResponse> {
    return payResponseSchema.parse(await expectOk(await this.payRequest(cardToken), 'pay'));
  }

  continueRequest(answer: PayResponse): Promise<Response> {
    return this.api('POST', `/orders/${answer.orderId}/payments/${answer.paymentId}/continue`);
  }

  async continue(answer: PayResponse): Promise<PayResponse> {
    return payResponseSchema.parse(await expectOk(await this.continueRequest(answer), 'continue'));
  }

  /** The browser on a 3-D Secure page of the gateway: loads it and submits its form. */
  async submitStep(url: string, fields: Record<string, string>): Promise<void> {
    const page = await fetch(new URL(url, this.base), { headers: { accept: 'text/html' } });
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form on ${url}: ${html}`);
    const sent = await fetch(new URL(action.replaceAll('&amp;', '&'), this.base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });
    if (sent.status !== 303) throw new Error(`${action}: ${sent.status} ${await sent.text()}`);
  }

  collectDeviceData(answer: PayResponse): Promise<void> {
    return this.submitStep(answer.action!.url, deviceData);
  }
}
