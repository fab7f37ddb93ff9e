import { partsOf } from '../lib/performanceParts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import { holdParamsSchema, idempotencyHeadersSchema } from '../../contract/api/holds';
import {
  appHandoverSchema,
  continueParamsSchema,
  orderParamsSchema,
  orderQuerySchema,
  orderResponseSchema,
  payBodySchema,
  payConflictSchema,
  payResponseSchema,
  redeemHandoverBodySchema,
  ticketKeySchema,
  ticketPassParamsSchema,
  verifyTicketBodySchema,
  verifyTicketResponseSchema,
} from '../../contract/api/orders';
import type { Database } from '../db/database';
import * as o from './queries';
import { createHandover, redeemHandover } from './appHandover';
import { optionalSession, sessionOf } from '../http/buyerSession';
import { accessKeyMatches } from './keys';
import { continuePayment, pay, releaseAttempts } from './orders';
import { orderVenue, orderView } from './view';
import type { OrderContext } from './context';
import { notFound } from '../lib/errors';
import { errorReplies } from '../http/errors';
import { idempotencyKeyOf, sendStored } from '../http/idempotentRoute';
import type { RegionContext } from '../regionContext';
import { noStoreByDefault } from '../http/noStore';
import { seenByServer } from '../payments';
import { releaseHold } from '../holds';
import { inTransaction } from '../db/transaction';
import { countAnswers } from '../http/metrics';
import {
  calendarAttachment,
  passAttachment,
  ticketFacts,
  type TicketFile,
} from './ticketFiles/ticketFiles';

export interface OrderRoutesOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
  /** The region's order keys and pay context, shared with the payment sweep (orders/jobs.ts). */
  orders: OrderContext;
}

const noQuery = z.strictObject({});
const noBody = z.strictObject({}).nullish();
const errors = errorReplies(400, 401, 403, 404, 410, 422, 429);
/** A hold's release answers as the other hold routes do (server/holds/routes.ts). */
const holdErrors = errorReplies(400, 401, 403, 404, 410, 422);

/** Orders, the pay request, e-ticket checks and the app handover of one regional API (issue 5). */
export const orderRoutes: FastifyPluginCallback<OrderRoutesOptions> = (app, options, done) => {
  const { db, context: scope } = options;
  const { region } = scope;
  const { buyer } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { serverKeys, shopOrigin, contextFor, moneyContextFor } = options.orders;
  const payContext = (request: FastifyRequest) => contextFor(request.log);

  /** The caller's own confirmed order, for the calls only its owner may make. */
  const ownConfirmedOrder = async (request: FastifyRequest, orderId: string) => {
    const order = await o.findOrder(db, orderId);
    if (!order || order.sessionId !== sessionOf(request).id || order.status !== 'confirmed') {
      throw notFound('Order');
    }
    orderVenue(scope, order);
    return order;
  };

  /**
   * The order a caller may read (GET /orders/{id}'s rule): its buying session, or anyone with
   * the secret link of a confirmed order; every other case is the same 404.
   */
  const readableOrder = async (request: FastifyRequest, orderId: string, key?: string) => {
    const order = await o.findOrder(db, orderId);
    if (!order) throw notFound('Order');
    orderVenue(scope, order);
    const session = await optionalSession(db, request);
    if (session?.id === order.sessionId) return { order, owner: true };
    if (!key || order.status !== 'confirmed' || !accessKeyMatches(key, order.accessKeyHash)) {
      throw notFound('Order');
    }
    return { order, owner: false };
  };

  /** A file to save, never shown in the page nor kept by a cache (noStoreByDefault). */
  const sendFile = (reply: FastifyReply, file: TicketFile) =>
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);

  // Orders and payments are one buyer's: never cached by a browser or CDN.
  noStoreByDefault(app);

  // Issue 25: each pay answer and continuation, by method and outcome, for the operator. The
  // pay body names the method (a token without one is a card); a continuation's is its payment's.
  const countPay = countAnswers((answer, request) => {
    const body = request.body as { method?: unknown; cardToken?: unknown } | undefined;
    const method = body?.method ?? (body?.cardToken ? 'card' : undefined);
    app.metrics.payAnswered(region, 'pay', method, answer);
  });
  const countContinue = countAnswers(async (answer, request) => {
    const { paymentId } = request.params as { paymentId?: unknown };
    const means =
      answer.payment && typeof paymentId === 'string'
        ? await o.paymentMeans(db, paymentId)
        : undefined;
    app.metrics.payAnswered(region, 'continue', means?.method, answer);
  });

  api.post(
    '/holds/:holdId/order',
    {
      onRequest: buyer(true),
      preSerialization: countPay,
      schema: {
        headers: idempotencyHeadersSchema,
        params: holdParamsSchema,
        querystring: noQuery,
        body: payBodySchema,
        response: { 200: payResponseSchema, ...errors, 409: payConflictSchema },
      },
    },
    async (request, reply) => {
      const response = await pay(await payContext(request), {
        sessionId: sessionOf(request).id,
        key: idempotencyKeyOf(request),
        holdId: request.params.holdId,
        body: request.body,
        seen: seenByServer(request),
      });
      return sendStored(reply, response);
    },
  );

  api.post(
    '/orders/:orderId/payments/:paymentId/continue',
    {
      onRequest: buyer(true),
      preSerialization: countContinue,
      schema: {
        params: continueParamsSchema,
        querystring: noQuery,
        body: noBody,
        response: { 200: payResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) =>
      continuePayment(
        await payContext(request),
        sessionOf(request).id,
        request.params.orderId,
        request.params.paymentId,
      ),
  );

  api.get(
    '/orders/:orderId',
    {
      schema: {
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { order, owner } = await readableOrder(
        request,
        request.params.orderId,
        request.query.key,
      );
      if (owner) {
        const { sealer } = await serverKeys();
        const accessKey = order.accessKeySealed
          ? sealer.open(order.accessKeySealed, order.id)
          : null;
        // Issue 24: the campaign attribution is for the order's owner alone.
        const [view, attribution] = await Promise.all([
          orderView(db, scope, order, accessKey),
          o.orderAttribution(db, order.id),
        ]);
        return { order: { ...view, attribution } };
      }
      return { order: await orderView(db, scope, order, null) };
    },
  );

  // Issue 25: the order's calendar file and each eTicket's wallet pass, to whoever may read the
  // order (its session, or the secret link: the email's reader and My account).
  api.get(
    '/orders/:orderId/calendar.ics',
    {
      schema: {
        params: orderParamsSchema,
        querystring: orderQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { order } = await readableOrder(request, request.params.orderId, request.query.key);
      return sendFile(reply, calendarAttachment(await ticketFacts(db, scope, order)));
    },
  );

  api.get(
    '/orders/:orderId/tickets/:ticketId/wallet.pkpass',
    {
      schema: {
        params: ticketPassParamsSchema,
        querystring: orderQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const { order } = await readableOrder(request, request.params.orderId, request.query.key);
      const facts = await ticketFacts(db, scope, order);
      const pass = await passAttachment(facts, request.params.ticketId, options.orders.wallet);
      if (!pass) throw notFound('Ticket');
      return sendFile(reply, pass);
    },
  );

  api.post(
    '/orders/:orderId/app-handover',
    {
      onRequest: buyer(true),
      schema: {
        params: orderParamsSchema,
        querystring: noQuery,
        body: noBody,
        response: { 201: appHandoverSchema, ...errors },
      },
    },
    async (request, reply) => {
      const order = await ownConfirmedOrder(request, request.params.orderId);
      return reply.status(201).send(await createHandover(db, order.id, shopOrigin()));
    },
  );

  api.post(
    '/app/handover/redeem',
    {
      schema: {
        querystring: noQuery,
        body: redeemHandoverBodySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const orderId = await redeemHandover(db, request.body.token, region);
      const order = (await o.findOrder(db, orderId))!;
      // The app stands in for the owner from now on: it gets the secret link's key too, so it
      // can read the order again without a session.
      const { sealer } = await serverKeys();
      return {
        order: await orderView(db, scope, order, sealer.open(order.accessKeySealed!, order.id)),
      };
    },
  );

  api.post(
    '/tickets/verify',
    {
      schema: {
        querystring: noQuery,
        body: verifyTicketBodySchema,
        response: { 200: verifyTicketResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { signer } = await serverKeys();
      const claim = signer.verify(request.body.code);
      // Signed by us, and still the code of a ticket of a confirmed order sold in this region.
      const issued = claim ? await o.confirmedTicket(db, claim.id, region) : undefined;
      if (!claim || issued?.code !== request.body.code) return { valid: false, ticket: null };
      // A two-part show's ticket admits to both parts: the scanner at Part Two is told so.
      return {
        valid: true,
        ticket: { ...claim, ...partsOf({ id: issued.performanceId, ...issued }) },
      };
    },
  );

  api.get(
    '/tickets/public-key',
    { schema: { querystring: noQuery, response: { 200: ticketKeySchema } } },
    async (_request, reply) => {
      const { signer } = await serverKeys();
      reply.header('cache-control', 'public, max-age=3600');
      return { algorithm: 'Ed25519' as const, publicKey: signer.publicKeyPem() };
    },
  );

  // A hold's release is here, not in holds/routes.ts: it also voids the money of a pay attempt
  // it stops (the buyer at a 3-D Secure step), and only orders knows attempts (issue 23).
  api.delete(
    '/holds/:holdId',
    {
      onRequest: buyer(true),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 204: z.null(), ...holdErrors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const stopped = await inTransaction(db, (tx) =>
        releaseHold(tx, scope, session.id, request.params.holdId),
      );
      // The seats are given back; now the money of a payment the release stopped.
      await releaseAttempts(moneyContextFor(request.log), stopped);
      return reply.status(204).send(null);
    },
  );

  done();
};
