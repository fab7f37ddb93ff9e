import negotiate from '@fastify/accept-negotiator';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bestAvailableBodySchema,
  createHoldBodySchema,
  holdParamsSchema,
  holdResponseSchema,
  idempotencyHeadersSchema,
  performanceParamsSchema,
  planParamsSchema,
  seatStatusQuerySchema,
  seatStatusSchema,
  seatingPlanSchema,
  seatsUnavailableSchema,
} from '../../contract/api/holds';
import type { RegionContext } from '../regionContext';
import type { Database, Queryable } from '../db/database';
import {
  createAdmissionHold,
  createBestAvailableHold,
  createSeatHold,
  createSeatHoldOnce,
  extendHold,
  readHold,
} from './holds';
import { PlanCache, planRepresentation, seatStatus, type PlanEncoding } from './seatMap';
import { optionalSession, sessionOf, type BuyerSession } from '../http/buyerSession';
import { buyerOf } from '../members';
import { errorReplies } from '../http/errors';
import { keyedRequest, sendStored } from '../http/idempotentRoute';
import type { Hold } from '../../contract/api/holds';
import { noStoreByDefault } from '../http/noStore';
import type { OnsaleQueue } from '../queue';
import { requireQueuePass } from '../queue';
import { countAnswers } from '../http/metrics';

/**
 * A plan never changes under its id (a changed plan gets a new id), so browsers and CDNs may
 * keep it a day without asking again; the ETag lets them revalidate cheaply after that.
 */
export const PLAN_CACHE_CONTROL = 'public, max-age=86400, immutable';

export interface HoldRoutesOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
  /** The region's onsale queues: a queued sale's holds need a pass (issue 16). */
  queue?: OnsaleQueue;
}

const noQuery = z.strictObject({});
const errors = errorReplies(400, 401, 403, 404, 410, 422);
const holdReplies = {
  200: holdResponseSchema,
  201: holdResponseSchema,
  409: seatsUnavailableSchema,
  // seat_validation_failed names the seats a choice would leave alone (the limits name none);
  // listed after `errors` where both are spread, so this one wins.
  422: seatsUnavailableSchema,
};

/** The plan's encodings this client takes, best first (br is offered once it has been made). */
function planEncodings(acceptEncoding: string | undefined): PlanEncoding[] {
  if (!acceptEncoding) return ['identity'];
  const preferred: PlanEncoding[] = [];
  for (const offered of [
    ['br', 'gzip', 'identity'],
    ['gzip', 'identity'],
  ] as const) {
    const choice = negotiate(acceptEncoding, [...offered]);
    if (choice) preferred.push(choice);
  }
  return preferred;
}

/** If-None-Match holds this ETag (or `*`); compared weakly, as RFC 9110 says for this header. */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Holds and the seat map of one regional booking API (issue 4). Releasing a hold (DELETE
 * /holds/:holdId) is orders' route: it voids the pay attempts the release stops, and orders
 * already reads holds, so holds knows nothing of orders (issue 23).
 */
export const holdRoutes: FastifyPluginCallback<HoldRoutesOptions> = (app, options, done) => {
  const { db, context: scope } = options;
  const plans = new PlanCache(db);
  const { buyer } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Issue 16: new holds of a queued sale need the session's queue pass (queue/routes.ts).
  const queuePass = options.queue ? requireQueuePass(db, scope, options.queue) : undefined;
  // Issue 25: every answer to a new hold, made or refused (and why), for the operator.
  const countHold = countAnswers((answer) => app.metrics.holdAnswered(scope.region, answer));

  // Live inventory and personal data: never cached by a browser or CDN (only a plan says
  // otherwise, and only when it is sent).
  noStoreByDefault(app);

  /** Runs a hold change once per Idempotency-Key, in one transaction with its stored answer. */
  const once = (
    request: FastifyRequest,
    route: string,
    payload: unknown,
    status: number,
    work: (tx: Queryable, session: BuyerSession) => Promise<Hold>,
  ) => {
    const session = sessionOf(request);
    return app.onceForKey(request, { route, payload }, async (tx) => ({
      status,
      body: { hold: await work(tx, session) },
    }));
  };

  // The queue's refusal is for a live session: a stale one from the guest cache hears 401 first,
  // as the session hook would have answered it.
  const queuePassOfLiveSession = queuePass
    ? async (request: FastifyRequest) => {
        try {
          await queuePass(request);
        } catch (error) {
          await app.confirmSession(request);
          throw error;
        }
      }
    : undefined;

  api.post(
    '/holds',
    {
      // Issue 26: a guest's session from the cache, checked again by hold_seats_once below.
      onRequest: app.cachedGuest,
      preHandler: queuePassOfLiveSession,
      preSerialization: countHold,
      schema: {
        headers: idempotencyHeadersSchema,
        querystring: noQuery,
        body: createHoldBodySchema,
        response: { ...errors, ...holdReplies },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('seats' in body) {
        // Issue 26: the key, the caps, the seats and the answer in one statement where it can.
        const session = sessionOf(request);
        const key = keyedRequest(request, { route: 'POST /holds', payload: body });
        const member = await buyerOf(db, session);
        const { tokenHash } = session.unconfirmed ?? {};
        const made = await createSeatHoldOnce(db, scope, key, body, member, plans, tokenHash);
        if (made) return sendStored(reply, made);
      }
      // Everything else runs as it ran before the guest cache: on the session read afresh.
      await app.confirmSession(request);
      // The buyer's benefits (members' presales, access seats) as of this request.
      const response = await once(request, 'POST /holds', body, 201, async (tx, session) => {
        const member = await buyerOf(tx, session);
        return 'seats' in body
          ? createSeatHold(tx, scope, session.id, body, member, plans)
          : createAdmissionHold(tx, scope, session.id, body, member);
      });
      return sendStored(reply, response);
    },
  );

  api.post(
    '/holds/best-available',
    {
      onRequest: buyer(true),
      preHandler: queuePass,
      preSerialization: countHold,
      schema: {
        headers: idempotencyHeadersSchema,
        querystring: noQuery,
        body: bestAvailableBodySchema,
        response: { ...errors, ...holdReplies },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const response = await once(request, 'POST /holds/best-available', body, 201, async (tx, s) =>
        createBestAvailableHold(tx, scope, s.id, body, await buyerOf(tx, s)),
      );
      return sendStored(reply, response);
    },
  );

  api.get(
    '/holds/:holdId',
    {
      onRequest: buyer(false),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 200: holdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { hold: await readHold(db, scope, session.id, request.params.holdId) };
    },
  );

  api.post(
    '/holds/:holdId/extend',
    {
      onRequest: buyer(true),
      schema: {
        headers: idempotencyHeadersSchema,
        params: holdParamsSchema,
        querystring: noQuery,
        body: z.strictObject({}).nullish(),
        response: { ...errors, ...holdReplies },
      },
    },
    async (request, reply) => {
      const holdId = request.params.holdId;
      const response = await once(request, 'POST /holds/:id/extend', { holdId }, 200, (tx, s) =>
        extendHold(tx, scope, s.id, holdId),
      );
      return sendStored(reply, response);
    },
  );

  // Untyped replies: the body is the plan's stored bytes (validated when the plan was built).
  app.get<{ Params: z.infer<typeof planParamsSchema> }>(
    '/plans/:planId',
    {
      // Sent pre-compressed from the plan cache.
      compress: false,
      schema: {
        params: planParamsSchema,
        querystring: noQuery,
        response: { 200: seatingPlanSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { encoding, representation } = await planRepresentation(
        plans,
        scope,
        request.params.planId,
        planEncodings(request.headers['accept-encoding']),
      );
      reply
        .header('cache-control', PLAN_CACHE_CONTROL)
        .header('etag', representation.etag)
        .header('vary', 'accept-encoding');
      if (notModified(request.headers['if-none-match'], representation.etag)) {
        return reply.status(304).send();
      }
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type('application/json; charset=utf-8').send(representation.body);
    },
  );

  api.get(
    '/performances/:performanceId/seats',
    {
      schema: {
        params: performanceParamsSchema,
        querystring: seatStatusQuerySchema,
        response: { 200: seatStatusSchema, ...errors },
      },
    },
    async (request) => {
      const session = await optionalSession(db, request);
      return seatStatus(db, plans, scope, {
        performanceId: request.params.performanceId,
        sessionId: session?.id ?? null,
        promoCode: request.query.promoCode,
      });
    },
  );

  done();
};
