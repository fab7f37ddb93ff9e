import { HttpResponse } from 'msw';
import { http } from './contract';
import type { ApiErrorBody } from '@contract/api/common';
import type { OrderTicket, OrderView, PayBody, PayResponse } from '@contract/api/orders';
import type { CardToken, TokeniseBody } from '@contract/api/payment';
import {
  checkCardNumber,
  detectCardBrand,
  expiryProblem,
  isCvvValid,
  normaliseCardNumber,
  parseExpiry,
} from '@contract/cards';
import type { PayMethod } from '@contract/api/paymentMethodKinds';
import type { Region } from '@contract/regions';
import { SANDBOX_WALLET_TOKEN_TYPE, type SandboxWalletToken } from '@contract/sandboxWallet';
import { behaviourOf, type SandboxBehaviour } from '../../server/payments/sandbox/testCards';
import { apiError } from './handlers';
import { CSRF, inventory } from './inventory';

/**
 * The payment service's POST /tokens and the booking API's order calls (contract/api/orders.ts)
 * for component tests, with the sandbox's behaviour per test card (README "Test cards"): every
 * card payment first asks for device-data collection, then approves, challenges, declines or
 * times out. Idempotency follows the contract: a replayed key gets the first answer and makes
 * nothing twice. What the SPA sent is recorded so tests can assert on it (never card details:
 * only the brand and last four of a token, and whether the call carried credentials).
 */

/** Where the sandbox's 3-D Secure pages live (the SPA only ever assigns the browser to them). */
export const BANK = 'https://bank.sandbox.example';

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const orderIdOf = (n: number) => `0DE40000-0000-4000-8000-${hex(n, 12)}`;
const paymentIdOf = (n: number) => `9A7E0000-0000-4000-8000-${hex(n, 12)}`;
export const ORDER_KEY = 'k'.repeat(43);

/** What the sandbox PayPal page's buyer does: Approve, Cancel, or a declining account. */
export type PayPalBehaviour = 'approve' | 'cancel' | 'decline';

interface Payment {
  id: string;
  orderId: string;
  holdId: string;
  method: PayMethod;
  behaviour: SandboxBehaviour | 'cancel';
  /** The card's (also a wallet's); null for PayPal. */
  card: { brand: CardToken['brand']; last4: string } | null;
  step: 'device_data' | 'challenge' | 'approval' | 'done';
}

interface OrdersState {
  /** Each POST /tokens: the credentials mode and address it came with. */
  tokenRequests: { credentials: RequestCredentials; url: string }[];
  /** Each pay request as received (key and body), replays included. */
  pays: { key: string; body: PayBody }[];
  /** The first answer per Idempotency-Key. */
  answers: Map<string, PayResponse>;
  tokens: Map<
    string,
    {
      behaviour: SandboxBehaviour;
      brand: CardToken['brand'];
      last4: string;
      source: CardToken['source'];
    }
  >;
  /** What the buyer does on the sandbox PayPal page of the next PayPal payments. */
  paypal: PayPalBehaviour;
  payments: Map<string, Payment>;
  orders: Map<string, { region: Region; view: OrderView }>;
  continues: string[];
  handovers: number;
  /** Charges made: one per confirmed card payment (a replay makes none). */
  charges: number;
}

export const orders: OrdersState = freshOrders();

function freshOrders(): OrdersState {
  return {
    tokenRequests: [],
    pays: [],
    answers: new Map(),
    tokens: new Map(),
    paypal: 'approve',
    payments: new Map(),
    orders: new Map(),
    continues: [],
    handovers: 0,
    charges: 0,
  };
}

/** Call from beforeEach, with resetInventory. */
export function resetOrders(): void {
  Object.assign(orders, freshOrders());
}

function cardError(code: Parameters<typeof apiError>[1]) {
  return apiError(422, code);
}

/** The order the booking API would answer for a hold just sold, with eTicket codes. */
export function orderViewOf(
  holdId: string,
  orderId: string,
  options: {
    card: { brand: CardToken['brand']; last4: string } | null;
    total?: number;
    method?: PayMethod;
  } = {
    card: null,
  },
): OrderView {
  const hold = inventory.holds.get(holdId);
  const seats = hold?.seats ?? [];
  const tickets: OrderTicket[] = seats.map((seat, index) => ({
    id: `7C4E0000-0000-4000-8000-${hex(index + 1, 12)}`,
    kind: 'seat',
    section: 'Stalls',
    row: seat.row,
    number: seat.number,
    area: null,
    priceOptionName: 'Full Price',
    code: `SD1.ticket-${index + 1}.signature`,
  }));
  const ticketsTotal = seats.reduce((sum, seat) => sum + seat.price.amount, 0);
  return {
    id: orderId,
    number: 'SD-7K3QF9XM',
    status: 'confirmed',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    show: {
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      venueSlug: 'lumen-theatre',
      performanceId: hold?.performanceId ?? '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
      startsAt: '2026-03-13T19:30:00.000Z',
      timezone: 'Europe/London',
    },
    delivery: { method: 'eTicket', address: null },
    tickets,
    extras: [],
    ticketProtection: false,
    transactionFee: 250,
    charges: {
      tickets: ticketsTotal,
      ticketProtection: 0,
      delivery: 0,
      transactionFeeWaiver: null,
    },
    total: options.total ?? ticketsTotal + 250,
    currency: seats[0]?.price.currency ?? 'GBP',
    paidWith:
      options.method === 'paypal'
        ? [
            {
              method: 'paypal',
              amount: options.total ?? ticketsTotal + 250,
              brand: null,
              last4: null,
            },
          ]
        : options.card
          ? [
              {
                method: options.method ?? 'card',
                amount: options.total ?? ticketsTotal + 250,
                ...options.card,
              },
            ]
          : [],
    confirmedAt: '2026-03-01T10:00:00.000Z',
    accessKey: ORDER_KEY,
  };
}

/** Makes the order of a hold, as a confirmed sale does: the hold is gone, the order readable. */
function confirm(region: Region, holdId: string, orderId: string, payment: Payment | null) {
  const view = orderViewOf(holdId, orderId, {
    card: payment?.card ?? null,
    ...(payment === null ? {} : { method: payment.method }),
  });
  orders.orders.set(orderId, { region, view });
  inventory.holds.delete(holdId);
  if (payment !== null) orders.charges += 1;
  return view;
}

function writeAllowed(request: Request): Response | null {
  if (request.headers.get('x-csrf-token') !== CSRF) return apiError(403, 'csrf_failed');
  return null;
}

/** What the gateway does after a 3-D Secure step, as the booking API reports it. */
function afterStep(region: Region, payment: Payment): PayResponse {
  const base = { orderId: payment.orderId, paymentId: payment.id };
  if (payment.behaviour === 'cancel') {
    payment.step = 'done';
    return { ...base, outcome: 'declined', declineReason: 'cancelled', order: null };
  }
  if (payment.behaviour === 'challenge' && payment.step === 'device_data') {
    payment.step = 'challenge';
    return {
      ...base,
      outcome: 'action_required',
      action: { kind: 'challenge', url: `${BANK}/challenge/${payment.id}` },
      order: null,
    };
  }
  payment.step = 'done';
  switch (payment.behaviour) {
    case 'decline':
      return { ...base, outcome: 'declined', declineReason: 'declined', order: null };
    case 'insufficient_funds':
      return { ...base, outcome: 'declined', declineReason: 'insufficient_funds', order: null };
    case 'timeout':
      return { ...base, outcome: 'timed_out', order: null };
    default:
      return {
        ...base,
        outcome: 'confirmed',
        order: confirm(region, payment.holdId, payment.orderId, payment),
      };
  }
}

export const orderHandlers = [
  http.post<never, TokeniseBody, CardToken | ApiErrorBody>(
    '/services/payment/tokens',
    async ({ request }) => {
      orders.tokenRequests.push({ credentials: request.credentials, url: request.url });
      const body = await request.json();
      // The sandbox wallet's token names a test card (contract/sandboxWallet.ts).
      if ('wallet' in body) {
        let wallet: Partial<SandboxWalletToken>;
        try {
          wallet = JSON.parse(body.walletToken) as Partial<SandboxWalletToken>;
        } catch {
          return cardError('payment_token_invalid');
        }
        if (wallet.type !== SANDBOX_WALLET_TOKEN_TYPE || wallet.wallet !== body.wallet)
          return cardError('payment_token_invalid');
        const digits = normaliseCardNumber(wallet.cardNumber ?? '');
        const brand = detectCardBrand(digits);
        if (brand === null) return cardError('payment_token_invalid');
        const token = `tok-${orders.tokens.size + 1}`;
        orders.tokens.set(token, {
          behaviour: behaviourOf(digits),
          brand,
          last4: digits.slice(-4),
          source: body.wallet,
        });
        return HttpResponse.json<CardToken>(
          {
            token,
            source: body.wallet,
            brand,
            last4: digits.slice(-4),
            expiryMonth: 12,
            expiryYear: 2040,
            expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          },
          { status: 201 },
        );
      }
      const check = checkCardNumber(body.number);
      if (check === 'invalid') return cardError('card_number_invalid');
      if (check === 'not_accepted') return cardError('card_type_not_accepted');
      const problem = expiryProblem(body.expiry, new Date());
      if (problem === 'month') return cardError('card_expiry_month_invalid');
      if (problem === 'year') return cardError('card_expiry_year_invalid');
      const brand = detectCardBrand(body.number)!;
      if (!isCvvValid(body.cvv, brand)) return cardError('card_cvv_invalid');
      const digits = normaliseCardNumber(body.number);
      const token = `tok-${orders.tokens.size + 1}`;
      orders.tokens.set(token, {
        behaviour: behaviourOf(digits),
        brand,
        last4: digits.slice(-4),
        source: 'card',
      });
      const expiry = parseExpiry(body.expiry, new Date())!;
      return HttpResponse.json<CardToken>(
        {
          token,
          source: 'card',
          brand,
          last4: digits.slice(-4),
          expiryMonth: expiry.month,
          expiryYear: expiry.year,
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
        },
        { status: 201 },
      );
    },
  ),
  http.post<{ region: Region; holdId: string }>(
    '/api/:region/holds/:holdId/order',
    async ({ params, request }) => {
      const refused = writeAllowed(request);
      if (refused) return refused;
      const key = request.headers.get('idempotency-key') ?? '';
      if (key.length < 8) return apiError(400, 'validation_failed');
      const body = (await request.json()) as PayBody;
      orders.pays.push({ key, body });
      const replay = orders.answers.get(key);
      if (replay) return HttpResponse.json(replay);
      const holdId = params.holdId.toUpperCase();
      const hold = inventory.holds.get(holdId);
      if (!hold) return apiError(404, 'not_found');
      if (Date.parse(hold.expiresAt) <= Date.now()) return apiError(410, 'hold_expired');
      const orderId = orderIdOf(orders.answers.size + 1);
      let answer: PayResponse;
      if (body.method === 'paypal') {
        // PayPal's approval page is next; the buyer's choice there is the test's.
        const payment: Payment = {
          id: paymentIdOf(orders.payments.size + 1),
          orderId,
          holdId,
          method: 'paypal',
          behaviour: orders.paypal === 'approve' ? 'approve' : orders.paypal,
          card: null,
          step: 'approval',
        };
        orders.payments.set(payment.id, payment);
        answer = {
          outcome: 'action_required',
          orderId,
          paymentId: payment.id,
          action: { kind: 'approval', url: `${BANK}/paypal/${payment.id}` },
          order: null,
        };
      } else if (body.cardToken === null) {
        answer = {
          outcome: 'confirmed',
          orderId,
          paymentId: null,
          order: confirm(params.region, holdId, orderId, null),
        };
      } else {
        const token = orders.tokens.get(body.cardToken);
        if (!token || token.source !== (body.method ?? 'card'))
          return apiError(422, 'payment_token_invalid');
        const payment: Payment = {
          id: paymentIdOf(orders.payments.size + 1),
          orderId,
          holdId,
          method: token.source,
          behaviour: token.behaviour,
          card: { brand: token.brand, last4: token.last4 },
          step: 'device_data',
        };
        orders.payments.set(payment.id, payment);
        // A wallet's device authenticated the buyer: no 3-D Secure step, the answer at once.
        if (token.source !== 'card') {
          payment.step = 'done';
          answer = afterStep(params.region, payment);
          orders.answers.set(key, answer);
          return HttpResponse.json(answer);
        }
        answer = {
          outcome: 'action_required',
          orderId,
          paymentId: payment.id,
          action: { kind: 'device_data', url: `${BANK}/device-data/${payment.id}` },
          order: null,
        };
      }
      orders.answers.set(key, answer);
      return HttpResponse.json(answer);
    },
  ),
  http.post<{ region: Region; orderId: string; paymentId: string }>(
    '/api/:region/orders/:orderId/payments/:paymentId/continue',
    ({ params, request }) => {
      const refused = writeAllowed(request);
      if (refused) return refused;
      orders.continues.push(params.paymentId);
      const payment = orders.payments.get(params.paymentId.toUpperCase());
      if (!payment || payment.orderId !== params.orderId.toUpperCase())
        return apiError(404, 'not_found');
      return HttpResponse.json(afterStep(params.region, payment));
    },
  ),
  http.get<{ region: Region; orderId: string }>(
    '/api/:region/orders/:orderId',
    ({ params, request }) => {
      const order = orders.orders.get(params.orderId.toUpperCase());
      if (!order || order.region !== params.region) return apiError(404, 'not_found');
      const key = new URL(request.url).searchParams.get('key');
      // A reader with the secret link gets the order, but not the key itself.
      return HttpResponse.json({
        order: key === null ? order.view : { ...order.view, accessKey: null },
      });
    },
  ),
  http.post<{ region: Region; orderId: string }>(
    '/api/:region/orders/:orderId/app-handover',
    ({ params, request }) => {
      const refused = writeAllowed(request);
      if (refused) return refused;
      if (!orders.orders.has(params.orderId.toUpperCase())) return apiError(404, 'not_found');
      orders.handovers += 1;
      const token = `handover-${orders.handovers}`;
      // 201 Created, as the booking API answers it.
      return HttpResponse.json(
        {
          deepLink: `stagedoor://tickets?token=${token}`,
          webLink: `https://app.stagedoor.example/tickets?token=${token}`,
          expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
        },
        { status: 201 },
      );
    },
  ),
];

/** Puts a confirmed order in place, as if it had been bought earlier (a link from the email). */
export function seedOrder(region: Region, view: OrderView): void {
  orders.orders.set(view.id, { region, view });
}

/**
 * A payment waiting at the bank, as the pay request leaves it (its device-data step sent), for
 * tests that start on /checkout/verify; with no card, a PayPal payment at its approval page
 * (behaviour `cancel`: the buyer pressed Cancel there). Returns what the SPA stored before leaving.
 */
export function seedPayment(
  holdId: string,
  behaviour: Payment['behaviour'],
  card: Payment['card'] = { brand: 'visa', last4: '1111' },
): { orderId: string; paymentId: string } {
  const orderId = orderIdOf(orders.answers.size + orders.payments.size + 1);
  const payment: Payment = {
    id: paymentIdOf(orders.payments.size + 1),
    orderId,
    holdId,
    method: card === null ? 'paypal' : 'card',
    behaviour,
    card,
    step: card === null ? 'approval' : 'device_data',
  };
  orders.payments.set(payment.id, payment);
  return { orderId, paymentId: payment.id };
}
