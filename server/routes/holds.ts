import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import {
  IDEMPOTENCY_HEADER,
  bestAvailableBodySchema,
  createHoldBodySchema,
  holdParamsSchema,
  holdResponseSchema,
  idempotencyHeadersSchema,
  performanceParamsSchema,
  seatMapSchema,
  seatsUnavailableSchema,
} from '../../contract/api/holds';
import type { Region } from '../../contract/regions';
import type { VenueBundle } from '../../contract/venueFiles';
import type { Database, Queryable } from '../db/database';
import {
  createAdmissionHold,
  createBestAvailableHold,
  createSeatHold,
  extendHold,
  readHold,
  releaseHold,
  seatMap,
  sweepExpiredHolds,
  type HoldScope,
} from '../domain/holds';
import { idempotent, requestHash, type StoredResponse } from '../domain/holdsIdempotency';
import { optionalSession, requireSession, type BuyerSession } from '../domain/holdsSession';
import { inTransaction } from '../domain/holdsTransaction';
import type { Hold } from '../../contract/api/holds';

/** How often each region gives back the places of expired admission holds. */
export const SWEEP_INTERVAL_MS = 30_000;

export interface HoldRoutesOptions {
  db: Database;
  region: Region;
  venues: VenueBundle[];
  /** 0 turns the periodic sweep off (tests drive it themselves). */
  sweepIntervalMs?: number;
}

const noQuery = z.strictObject({});
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
};
const holdReplies = {
  200: holdResponseSchema,
  201: holdResponseSchema,
  409: seatsUnavailableSchema,
};

export function holdScope(region: Region, venues: VenueBundle[]): HoldScope {
  const policies = new Map(
    venues
      .filter((venue) => venue.settings.region === region)
      .map(({ settings }) => [
        settings.slug,
        { holdMinutes: settings.holdMinutes, seatSelectionLimit: settings.seatSelectionLimit },
      ]),
  );
  return { region, policyFor: (slug) => policies.get(slug) };
}

/** Holds and the seat map of one regional booking API (issue 4). */
export const holdRoutes: FastifyPluginCallback<HoldRoutesOptions> = (app, options, done) => {
  const { db, region, venues, sweepIntervalMs = SWEEP_INTERVAL_MS } = options;
  const scope = holdScope(region, venues);
  const sessions = new WeakMap<FastifyRequest, BuyerSession>();
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Before validation, so a forged cross-site request learns nothing about its body's validity.
  const buyer = (changesState: boolean) => async (request: FastifyRequest) => {
    sessions.set(request, await requireSession(db, request, changesState));
  };
  const sessionOf = (request: FastifyRequest): BuyerSession => {
    const session = sessions.get(request);
    if (!session) throw new Error('session hook did not run');
    return session;
  };

  // Live inventory and personal data: never cached by a browser or CDN.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const answer = (reply: FastifyReply, response: StoredResponse) =>
    reply.status(response.status).send(response.body);

  /** Runs a hold change once per Idempotency-Key, in one transaction with its stored answer. */
  const once = (
    request: FastifyRequest,
    route: string,
    payload: unknown,
    status: number,
    work: (tx: Queryable, session: BuyerSession) => Promise<Hold>,
  ) => {
    const session = sessionOf(request);
    const key = request.headers[IDEMPOTENCY_HEADER];
    return idempotent(
      db,
      { sessionId: session.id, key: String(key), hash: requestHash(route, payload) },
      async (tx) => ({ status, body: { hold: await work(tx, session) } }),
    );
  };

  api.post(
    '/holds',
    {
      onRequest: buyer(true),
      schema: {
        headers: idempotencyHeadersSchema,
        querystring: noQuery,
        body: createHoldBodySchema,
        response: { ...holdReplies, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const response = await once(request, 'POST /holds', body, 201, (tx, session) =>
        'seats' in body
          ? createSeatHold(tx, scope, session.id, body)
          : createAdmissionHold(tx, scope, session.id, body),
      );
      return answer(reply, response);
    },
  );

  api.post(
    '/holds/best-available',
    {
      onRequest: buyer(true),
      schema: {
        headers: idempotencyHeadersSchema,
        querystring: noQuery,
        body: bestAvailableBodySchema,
        response: { ...holdReplies, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const response = await once(request, 'POST /holds/best-available', body, 201, (tx, session) =>
        createBestAvailableHold(tx, scope, session.id, body),
      );
      return answer(reply, response);
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
        response: { ...holdReplies, ...errors },
      },
    },
    async (request, reply) => {
      const holdId = request.params.holdId.toUpperCase();
      const response = await once(request, 'POST /holds/:id/extend', { holdId }, 200, (tx, s) =>
        extendHold(tx, scope, s.id, holdId),
      );
      return answer(reply, response);
    },
  );

  api.delete(
    '/holds/:holdId',
    {
      onRequest: buyer(true),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      await inTransaction(db, (tx) =>
        releaseHold(tx, scope, session.id, request.params.holdId.toUpperCase()),
      );
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/performances/:performanceId/seats',
    {
      schema: {
        params: performanceParamsSchema,
        querystring: noQuery,
        response: { 200: seatMapSchema, ...errors },
      },
    },
    async (request) => {
      const session = await optionalSession(db, request);
      return seatMap(db, scope, session?.id ?? null, request.params.performanceId.toUpperCase());
    },
  );

  if (sweepIntervalMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', (ready) => {
      timer = setInterval(() => {
        // A failed sweep is retried on the next tick; expiry is also enforced on every read.
        sweepExpiredHolds(db, region).catch((error: unknown) =>
          app.log.warn({ err: error }, 'hold sweep failed'),
        );
      }, sweepIntervalMs);
      timer.unref();
      ready();
    });
    app.addHook('onClose', (_instance, closed) => {
      clearInterval(timer);
      closed();
    });
  }
  done();
};
