import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { basketResponseSchema, putBasketBodySchema } from '../../contract/api/basket';
import { holdParamsSchema, idempotencyHeadersSchema } from '../../contract/api/holds';
import type { Database } from '../db/database';
import { readBasket, updateBasket } from './basket';
import { sessionOf } from '../http/buyerSession';
import { errorReplies } from '../http/errors';
import { putOnHold } from '../http/idempotentRoute';
import type { RegionContext } from '../regionContext';
import { noStoreByDefault } from '../http/noStore';

export interface BasketRoutesOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
}

const noQuery = z.strictObject({});
const errors = errorReplies(400, 401, 403, 404, 409, 410, 422);

/** The basket of a hold: tickets, extras, ticket protection and fees (issue 5). */
export const basketRoutes: FastifyPluginCallback<BasketRoutesOptions> = (app, options, done) => {
  const { db, context: scope } = options;
  const { buyer } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Prices of one buyer's hold: never cached by a browser or CDN.
  noStoreByDefault(app);

  api.get(
    '/holds/:holdId/basket',
    {
      onRequest: buyer(false),
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 200: basketResponseSchema, ...errors },
      },
    },
    async (request) => ({
      basket: await readBasket(db, scope, sessionOf(request).id, request.params.holdId),
    }),
  );

  api.put(
    '/holds/:holdId/basket',
    {
      onRequest: buyer(true),
      schema: {
        headers: idempotencyHeadersSchema,
        params: holdParamsSchema,
        querystring: noQuery,
        body: putBasketBodySchema,
        response: { 200: basketResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const call = { route: 'PUT /holds/:id/basket', holdId: params.holdId, body };
      return putOnHold(app, request, reply, call, async (tx, sessionId) => ({
        basket: await updateBasket(tx, scope, sessionId, params.holdId, body),
      }));
    },
  );
  done();
};
