import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normaliseId } from '../../contract/api/common';
import { queueSettingsSchema, venueParamsSchema } from '../../contract/api/content';
import {
  QUEUE_PASS_HEADER,
  joinQueueBodySchema,
  queueParamsSchema,
  queueTicketSchema,
} from '../../contract/api/queue';
import type { Database } from '../db/database';
import { venueQueueActive } from './queries';
import { ApiError, notFound } from '../lib/errors';
import type { OnsaleQueue } from './queue';
import type { OnsaleQueueSettings } from './settings';
import { sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';
import { enforceRateLimit } from '../http/rateLimit';
import type { RegionContext } from '../regionContext';

export interface QueueRoutesOptions {
  db: Database;
  context: RegionContext;
  queue: OnsaleQueue;
  settings: OnsaleQueueSettings;
}

const noQuery = z.strictObject({});
const errors = errorReplies(400, 401, 403, 404, 429);

/** The onsale queue of one regional booking API (issue 16): settings, join, position. */
export const queueRoutes: FastifyPluginCallback<QueueRoutesOptions> = (app, options, done) => {
  const { db, context, queue, settings } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A place and a pass are one session's: never kept by a browser or CDN.
  noStoreByDefault(app);

  api.get(
    '/venues/:venueSlug/queue',
    {
      schema: {
        params: venueParamsSchema,
        querystring: noQuery,
        response: { 200: queueSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const bundle = context.bundleFor(request.params.venueSlug);
      if (!bundle) throw notFound('Venue');
      const { slug, queue: configured } = bundle.settings;
      return {
        venueSlug: slug,
        theme: configured.theme,
        defaultQueueName: configured.defaultQueueName,
        active: await venueQueueActive(db, slug),
        sales: queue.salesOf(slug),
      };
    },
  );

  api.post(
    '/queues/:saleId/join',
    {
      onRequest: app.buyer(true),
      schema: {
        params: queueParamsSchema,
        querystring: noQuery,
        body: joinQueueBodySchema,
        response: { 200: queueTicketSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { saleId } = request.params;
      const session = sessionOf(request);
      // A reload or another tab gets its place back without counting against the address.
      const live = await queue.livePlace(saleId, session.id);
      if (live) return live;
      await enforceRateLimit(
        db,
        'queue-join',
        request.ip,
        settings.joinRateLimit,
        reply,
        'Too many places taken from this address.',
      );
      return queue.join(saleId, session.id);
    },
  );

  api.get(
    '/queues/:saleId/position',
    {
      onRequest: app.buyer(false),
      schema: {
        params: queueParamsSchema,
        querystring: noQuery,
        response: { 200: queueTicketSchema, ...errors },
      },
    },
    async (request) => queue.position(request.params.saleId, sessionOf(request).id),
  );

  done();
};

/**
 * The hold routes' check (issue 16): a hold or admission of a queued sale needs this session's
 * unexpired pass for that sale in x-queue-pass, else 403 queue_pass_required. Runs after the
 * session hook and validation; a performance the route will refuse anyway passes through.
 * Costs a cached performance read and one HMAC: no database round trip.
 */
export function requireQueuePass(db: Database, context: RegionContext, queue: OnsaleQueue) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!queue.queuesAnything) return;
    const performanceId = (request.body as { performanceId?: unknown } | null)?.performanceId;
    if (typeof performanceId !== 'string') return;
    const performance = await context.performances.get(db, normaliseId(performanceId));
    const sale = performance && queue.saleFor(performance);
    if (!sale) return;
    const pass = request.headers[QUEUE_PASS_HEADER];
    const sessionId = sessionOf(request).id;
    const passes = await queue.passes();
    if (!passes.verify(typeof pass === 'string' ? pass : undefined, sale.saleId, sessionId)) {
      throw new ApiError(
        403,
        'queue_pass_required',
        'This sale is queued: join the queue and wait for your turn to choose seats.',
      );
    }
  };
}
