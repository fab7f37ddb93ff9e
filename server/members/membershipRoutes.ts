import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessJoinBodySchema,
  atgPurchaseBodySchema,
  autoRenewBodySchema,
  membershipOffersQuerySchema,
  membershipOffersResponseSchema,
  membershipParamsSchema,
  membershipPurchaseResponseSchema,
  membershipResponseSchema,
  membershipsResponseSchema,
  purchaseContinueParamsSchema,
  purchaseHeadersSchema,
} from '../../contract/api/members';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database } from '../db/database';
import { notFound } from '../lib/errors';
import { inTransaction } from '../db/transaction';
import { continuePurchase, purchaseAtgPlus, type PurchaseContext } from './membershipPurchase';
import {
  accountOf,
  cancel,
  changeAutoRenew,
  joinAccess,
  listMemberships,
  offers,
} from './memberships';
import { optionalSession, sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { idempotencyKeyOf, sendStored } from '../http/idempotentRoute';
import { noStoreByDefault } from '../http/noStore';
import { seenByServer, type PaymentService } from '../payments';

export interface MembershipRoutesOptions {
  db: Database;
  venues: VenueBundle[];
  payments: PaymentService;
}

const noQuery = z.strictObject({});
const noBody = z.strictObject({}).nullish();
/**
 * Memberships (account-management service, issue 14): the offers (guests too), the account's
 * memberships, auto-renew and cancelling, joining Access with evidence and buying ATG+ through
 * the payment service (contract/api/members.ts describes each answer).
 */
export const membershipRoutes: FastifyPluginCallback<MembershipRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db, payments } = options;
  const settings = new Map(options.venues.map((venue) => [venue.settings.slug, venue.settings]));
  const venueFor = (slug: string) => settings.get(slug);
  const api = app.withTypeProvider<ZodTypeProvider>();
  noStoreByDefault(app);

  const purchaseContext = (warn: (message: string, error: unknown) => void): PurchaseContext => ({
    db,
    payments,
    venueFor,
    warn,
  });

  api.get(
    '/membership-offers',
    {
      schema: {
        querystring: membershipOffersQuerySchema,
        response: { 200: membershipOffersResponseSchema, ...errorReplies(400, 404) },
      },
    },
    async (request) => {
      const venue = venueFor(request.query.venue);
      if (!venue) throw notFound('Venue');
      // Eligibility only when asked (shouldCallEligibleExp) and only for a signed-in buyer.
      const session = request.query.eligibility ? await optionalSession(db, request) : undefined;
      return { offers: await offers(db, venue, session?.accountId ?? null) };
    },
  );

  api.get(
    '/memberships',
    {
      onRequest: app.buyer(false),
      schema: {
        querystring: noQuery,
        response: { 200: membershipsResponseSchema, ...errorReplies(401) },
      },
    },
    async (request) => ({
      memberships: await listMemberships(db, accountOf(sessionOf(request))),
    }),
  );

  api.patch(
    '/memberships/:scheme',
    {
      onRequest: app.buyer(true),
      schema: {
        params: membershipParamsSchema,
        querystring: noQuery,
        body: autoRenewBodySchema,
        response: { 200: membershipResponseSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(sessionOf(request));
      const { scheme } = request.params;
      return {
        membership: await inTransaction(db, (tx) =>
          changeAutoRenew(tx, accountId, scheme, request.body.autoRenew),
        ),
      };
    },
  );

  api.post(
    '/memberships/:scheme/cancel',
    {
      onRequest: app.buyer(true),
      schema: {
        params: membershipParamsSchema,
        querystring: noQuery,
        body: noBody,
        response: { 200: membershipResponseSchema, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(sessionOf(request));
      const { scheme } = request.params;
      return { membership: await inTransaction(db, (tx) => cancel(tx, accountId, scheme)) };
    },
  );

  api.post(
    '/memberships/access/join',
    {
      onRequest: app.buyer(true),
      schema: {
        querystring: noQuery,
        body: accessJoinBodySchema,
        response: { 201: membershipResponseSchema, ...errorReplies(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const accountId = accountOf(sessionOf(request));
      if (!venueFor(request.body.venue)) throw notFound('Venue');
      const membership = await inTransaction(db, (tx) => joinAccess(tx, accountId, request.body));
      return reply.status(201).send({ membership });
    },
  );

  api.post(
    '/memberships/atg-plus/purchase',
    {
      onRequest: app.buyer(true),
      schema: {
        headers: purchaseHeadersSchema,
        querystring: noQuery,
        body: atgPurchaseBodySchema,
        response: {
          200: membershipPurchaseResponseSchema,
          ...errorReplies(400, 401, 403, 404, 409, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const response = await purchaseAtgPlus(purchaseContext(request.log.warn.bind(request.log)), {
        sessionId: session.id,
        accountId: accountOf(session),
        key: idempotencyKeyOf(request),
        body: request.body,
        seen: seenByServer(request),
      });
      return sendStored(reply, response);
    },
  );

  api.post(
    '/memberships/atg-plus/purchases/:purchaseId/payments/:paymentId/continue',
    {
      onRequest: app.buyer(true),
      schema: {
        params: purchaseContinueParamsSchema,
        querystring: noQuery,
        body: noBody,
        response: {
          200: membershipPurchaseResponseSchema,
          ...errorReplies(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return continuePurchase(purchaseContext(request.log.warn.bind(request.log)), {
        sessionId: session.id,
        accountId: accountOf(session),
        purchaseId: request.params.purchaseId,
        paymentId: request.params.paymentId,
      });
    },
  );
  done();
};
