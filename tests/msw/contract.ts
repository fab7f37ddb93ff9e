import { http as mswHttp, HttpResponse } from 'msw';
import { z } from 'zod';
import { accountResponseSchema } from '@contract/api/accounts';
import {
  changeEmailResponseSchema,
  changePasswordResponseSchema,
  confirmEmailResponseSchema,
  emptyResponseSchema,
  registerResponseSchema,
  signInResponseSchema,
  signInStateSchema,
  signOutResponseSchema,
} from '@contract/api/auth';
import { basketResponseSchema } from '@contract/api/basket';
import { calendarResponseSchema, graphqlErrorResponseSchema } from '@contract/api/calendar';
import { addressLookupResponseSchema, detailsResponseSchema } from '@contract/api/checkout';
import { findTicketsResponseSchema } from '@contract/api/findTickets';
import { apiErrorSchema } from '@contract/api/common';
import {
  cmsRootSchema,
  queueSettingsSchema,
  showContentSchema,
  venueContentSchema,
} from '@contract/api/content';
import {
  holdResponseSchema,
  seatStatusSchema,
  seatingPlanSchema,
  seatsUnavailableSchema,
} from '@contract/api/holds';
import {
  appHandoverSchema,
  orderResponseSchema,
  payConflictSchema,
  payResponseSchema,
} from '@contract/api/orders';
import {
  accountOrderResponseSchema,
  accountOrdersResponseSchema,
  membershipOffersResponseSchema,
  membershipPurchaseResponseSchema,
  membershipResponseSchema,
  membershipsResponseSchema,
  profileResponseSchema,
} from '@contract/api/members';
import { applePayMerchantSessionSchema, cardTokenSchema } from '@contract/api/payment';
import { paymentMethodsSchema } from '@contract/api/paymentMethods';
import { queueTicketSchema } from '@contract/api/queue';
import { sessionSchema } from '@contract/api/session';

/**
 * The test double answers through the contract: every handler of tests/msw is made with this
 * module's `http`, which parses each JSON answer with the zod schema the server declares for that
 * route and status (its `schema.response`) and sends what the parse gives, as the server's
 * serializer does. A shape the server could never send fails the test with the schema's message
 * (useMswServer checks after each test) instead of passing against a fiction.
 */

type Schemas = { [status: number]: z.ZodType };

/** A 2xx status: the body's schema; `null` for an empty body (204). */
interface RouteContract {
  ok: Record<number, z.ZodType | null>;
  /** Errors the route declares with a shape of its own; any other 4xx/5xx is `apiErrorSchema`. */
  errors?: Schemas;
  /** GraphQL answers every error as `{ errors: [...] }`. */
  errorSchema?: z.ZodType;
}

const holdReplies: RouteContract = {
  ok: { 200: holdResponseSchema, 201: holdResponseSchema },
  // 422 seat_validation_failed names seats as 409 does (the server declares both so).
  errors: { 409: seatsUnavailableSchema, 422: seatsUnavailableSchema },
};

/** Every route the double answers, keyed `METHOD path` exactly as the handler names it. */
export const ROUTE_CONTRACTS: Record<string, RouteContract> = {
  'ALL /api/:region/graphql': {
    ok: { 200: calendarResponseSchema },
    errorSchema: graphqlErrorResponseSchema,
  },
  'GET /api/:region/cms': { ok: { 200: cmsRootSchema } },
  'GET /api/:region/venues/:venueSlug': { ok: { 200: venueContentSchema } },
  'GET /api/:region/venues/:venueSlug/queue': { ok: { 200: queueSettingsSchema } },
  'GET /api/:region/venues/:venueSlug/shows/:titleSlug': { ok: { 200: showContentSchema } },
  'POST /services/session/sessions': { ok: { 200: sessionSchema, 201: sessionSchema } },
  'GET /api/:region/plans/:planId': { ok: { 200: seatingPlanSchema } },
  'GET /api/:region/performances/:performanceId/seats': { ok: { 200: seatStatusSchema } },
  'POST /api/:region/holds': holdReplies,
  'POST /api/:region/holds/best-available': holdReplies,
  'GET /api/:region/holds/:holdId': { ok: { 200: holdResponseSchema } },
  'POST /api/:region/holds/:holdId/extend': holdReplies,
  'DELETE /api/:region/holds/:holdId': { ok: { 204: null } },
  'GET /api/:region/holds/:holdId/basket': { ok: { 200: basketResponseSchema } },
  'PUT /api/:region/holds/:holdId/basket': { ok: { 200: basketResponseSchema } },
  'GET /api/:region/holds/:holdId/details': { ok: { 200: detailsResponseSchema } },
  'PUT /api/:region/holds/:holdId/details': { ok: { 200: detailsResponseSchema } },
  'GET /api/:region/holds/:holdId/payment-methods': { ok: { 200: paymentMethodsSchema } },
  'POST /api/:region/holds/:holdId/vouchers': { ok: { 200: paymentMethodsSchema } },
  'DELETE /api/:region/holds/:holdId/vouchers/:voucherId': { ok: { 200: paymentMethodsSchema } },
  'GET /services/address-lookup/addresses': { ok: { 200: addressLookupResponseSchema } },
  'POST /services/payment/tokens': { ok: { 201: cardTokenSchema } },
  // Apple Pay merchant validation (issue 24), answered by the adapter's own test.
  'POST /services/payment/apple-pay/session': { ok: { 200: applePayMerchantSessionSchema } },
  'POST /api/:region/holds/:holdId/order': {
    ok: { 200: payResponseSchema },
    errors: { 409: payConflictSchema },
  },
  'POST /api/:region/orders/:orderId/payments/:paymentId/continue': {
    ok: { 200: payResponseSchema },
  },
  'GET /api/:region/orders/:orderId': { ok: { 200: orderResponseSchema } },
  'POST /api/:region/orders/:orderId/app-handover': { ok: { 201: appHandoverSchema } },
  // Answered only by the tests that need them (the account pages): see ANSWERED_BY_TESTS_ONLY.
  'POST /services/customer-accounts/accounts': { ok: { 201: accountResponseSchema } },
  'POST /services/customer-accounts/accounts/verify': { ok: { 200: accountResponseSchema } },
  // Sign-in (issue 14, tests/msw/auth.ts); the account pages' calls are answered by their tests.
  'GET /services/auth/session': { ok: { 200: signInStateSchema } },
  'POST /services/auth/sign-in': { ok: { 200: signInResponseSchema } },
  'POST /services/auth/sign-out': { ok: { 200: signOutResponseSchema } },
  'POST /services/auth/keep-alive': { ok: { 200: signInStateSchema } },
  'POST /services/auth/password-reset': { ok: { 202: emptyResponseSchema } },
  'POST /services/auth/password-reset/complete': { ok: { 200: emptyResponseSchema } },
  'POST /services/auth/password': { ok: { 200: changePasswordResponseSchema } },
  'POST /services/auth/email': { ok: { 202: changeEmailResponseSchema } },
  'POST /services/auth/email/confirm': { ok: { 200: confirmEmailResponseSchema } },
  'POST /services/customer-accounts/accounts/register': { ok: { 202: registerResponseSchema } },
  // Find my tickets (issue 25), answered by its page's tests.
  'POST /services/customer-accounts/find-tickets': { ok: { 202: findTicketsResponseSchema } },
  // Members (issue 14, contract/api/members.ts): answered by the member pages' own tests.
  'GET /services/customer-profile/profile': { ok: { 200: profileResponseSchema } },
  'PUT /services/customer-profile/profile': { ok: { 200: profileResponseSchema } },
  'GET /services/account-management/orders': { ok: { 200: accountOrdersResponseSchema } },
  'GET /services/account-management/orders/:orderId': { ok: { 200: accountOrderResponseSchema } },
  'GET /services/account-management/memberships': { ok: { 200: membershipsResponseSchema } },
  'GET /services/account-management/membership-offers': {
    ok: { 200: membershipOffersResponseSchema },
  },
  'POST /services/account-management/memberships/access/join': {
    ok: { 201: membershipResponseSchema },
  },
  'PATCH /services/account-management/memberships/:scheme': {
    ok: { 200: membershipResponseSchema },
  },
  'POST /services/account-management/memberships/:scheme/cancel': {
    ok: { 200: membershipResponseSchema },
  },
  'POST /services/account-management/memberships/atg-plus/purchase': {
    ok: { 200: membershipPurchaseResponseSchema },
  },
  'POST /services/account-management/memberships/atg-plus/purchases/:purchaseId/payments/:paymentId/continue':
    { ok: { 200: membershipPurchaseResponseSchema } },
  // The onsale queue (issue 16), answered by the waiting room's tests.
  'POST /api/:region/queues/:saleId/join': { ok: { 200: queueTicketSchema } },
  'GET /api/:region/queues/:saleId/position': { ok: { 200: queueTicketSchema } },
};

/** Routes with no handler in the double: the tests that call them answer with their own. */
export const ANSWERED_BY_TESTS_ONLY = new Set([
  'POST /services/payment/apple-pay/session',
  'POST /services/customer-accounts/accounts',
  'POST /services/customer-accounts/accounts/verify',
  'POST /services/auth/password-reset',
  'POST /services/auth/password-reset/complete',
  'POST /services/auth/password',
  'POST /services/auth/email',
  'POST /services/auth/email/confirm',
  'POST /services/customer-accounts/accounts/register',
  'POST /services/customer-accounts/find-tickets',
  'GET /services/customer-profile/profile',
  'PUT /services/customer-profile/profile',
  'GET /services/account-management/orders',
  'GET /services/account-management/orders/:orderId',
  'GET /services/account-management/memberships',
  'GET /services/account-management/membership-offers',
  'POST /services/account-management/memberships/access/join',
  'PATCH /services/account-management/memberships/:scheme',
  'POST /services/account-management/memberships/:scheme/cancel',
  'POST /services/account-management/memberships/atg-plus/purchase',
  'POST /services/account-management/memberships/atg-plus/purchases/:purchaseId/payments/:paymentId/continue',
  'POST /api/:region/queues/:saleId/join',
  'GET /api/:region/queues/:saleId/position',
]);

/** What a proxy or load balancer in front of the API may send: a page of its own, not JSON. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

const violations: string[] = [];

/** The answers refused since the last call, emptied (useMswServer fails the test with them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** The contract of one route, or a loud failure when a handler is made for a route it lacks. */
export function contractOf(method: string, path: string): RouteContract {
  // A test may name one region's address ('/api/us-east/cms'): the route it is an instance of.
  const contract =
    ROUTE_CONTRACTS[`${method} ${path}`] ??
    Object.entries(ROUTE_CONTRACTS).find(([route]) => {
      const [routeMethod, pattern] = route.split(' ') as [string, string];
      const segments = pattern.replace(/:\w+/g, '[^/]+');
      return routeMethod === method && new RegExp(`^${segments}$`).test(path);
    })?.[1];
  if (contract === undefined)
    throw new Error(`tests/msw: no contract for ${method} ${path}; add it to ROUTE_CONTRACTS`);
  return contract;
}

function schemaFor(contract: RouteContract, status: number): z.ZodType | null | undefined {
  if (status >= 400) return contract.errors?.[status] ?? contract.errorSchema ?? apiErrorSchema;
  return contract.ok[status];
}

/** The answer as the server would send it, or an Error naming the route and what the schema refused. */
export async function throughContract(
  route: string,
  contract: RouteContract,
  response: Response,
): Promise<Response | Error> {
  const { status } = response;
  const schema = schemaFor(contract, status);
  if (schema === undefined)
    return new Error(`${route} answered ${status}, a status the server never sends there`);
  const text = await response.clone().text();
  const json = /[/+]json\b/.test(response.headers.get('content-type') ?? '');
  if (GATEWAY_STATUSES.has(status) && !json) return response;
  if (schema === null)
    return text === '' ? response : new Error(`${route} ${status} must have no body`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Error(
      `${route} ${status} answered something that is not JSON: ${text.slice(0, 80)}`,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    return new Error(
      `${route} ${status} answered a shape the contract refuses:\n${z.prettifyError(parsed.error)}`,
    );
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return HttpResponse.json(parsed.data as never, {
    status,
    statusText: response.statusText,
    headers,
  });
}

/** Handlers made here, with their route, so a test can check that the double has no unchecked one. */
export const checkedHandlers = new WeakMap<object, string>();

type Method = 'all' | 'get' | 'post' | 'put' | 'patch' | 'delete';

function checked<M extends Method>(method: M): (typeof mswHttp)[M] {
  const make = (
    path: string,
    resolver: (info: unknown) => unknown,
    options?: Parameters<(typeof mswHttp)[M]>[2],
  ) => {
    const route = `${method.toUpperCase()} ${path}`;
    const contract = contractOf(method.toUpperCase(), path);
    const handler = mswHttp[method](
      path,
      async (info) => {
        const answer: unknown = await resolver(info);
        // Nothing (the next handler answers) or a network error: no body to check.
        if (!(answer instanceof Response) || answer.type === 'error') return answer as never;
        const result = await throughContract(route, contract, answer);
        if (result instanceof Error) {
          violations.push(result.message);
          throw result;
        }
        return result;
      },
      options,
    );
    checkedHandlers.set(handler, route);
    return handler;
  };
  return make as unknown as (typeof mswHttp)[M];
}

/** msw's `http`, every answer parsed with the route's contract schema. */
export const http = {
  all: checked('all'),
  get: checked('get'),
  post: checked('post'),
  put: checked('put'),
  patch: checked('patch'),
  delete: checked('delete'),
};
