import type { FastifyPluginCallback, FastifySchemaValidationError } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailsResponseSchema, putDetailsBodySchema } from '../../contract/api/checkout';
import { holdParamsSchema, idempotencyHeadersSchema } from '../../contract/api/holds';
import type { Database } from '../db/database';
import { readDetails, updateDetails } from './details';
import { sessionOf } from '../http/buyerSession';
import { ApiError } from '../lib/errors';
import { errorReplies, failedPaths } from '../http/errors';
import { putOnHold } from '../http/idempotentRoute';
import type { RegionContext } from '../regionContext';
import { noStoreByDefault } from '../http/noStore';

export interface DetailsRoutesOptions {
  db: Database;
  /** The region this API serves, its venues and caches (server/regionContext.ts). */
  context: RegionContext;
}

const noQuery = z.strictObject({});
const errors = errorReplies(400, 401, 403, 404, 409, 410, 422);

/**
 * Body fields are named by their place in the details (`contact.phone`), as the contract says
 * and as the domain's own checks name them, so a form maps every refusal the same way; other
 * parts of the request keep their prefix (`headers.idempotency-key`).
 */
function validationError(errors: FastifySchemaValidationError[], part: string): ApiError {
  const fields = failedPaths(errors)
    .map((path) => [part === 'body' ? '' : part, path].filter(Boolean).join('.'))
    .filter(Boolean);
  return new ApiError(400, 'validation_failed', 'The request is not valid.', fields);
}

/** The buyer's details on a hold (issue 5): GET and PUT /holds/:holdId/details. */
export const detailsRoutes: FastifyPluginCallback<DetailsRoutesOptions> = (app, options, done) => {
  const { db, context: scope } = options;
  const { buyer } = app;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Personal data: never kept by a browser or CDN.
  noStoreByDefault(app);

  api.get(
    '/holds/:holdId/details',
    {
      onRequest: buyer(false),
      schemaErrorFormatter: validationError,
      schema: {
        params: holdParamsSchema,
        querystring: noQuery,
        response: { 200: detailsResponseSchema, ...errors },
      },
    },
    async (request) => readDetails(db, scope, sessionOf(request).id, request.params.holdId),
  );

  api.put(
    '/holds/:holdId/details',
    {
      onRequest: buyer(true),
      schemaErrorFormatter: validationError,
      schema: {
        headers: idempotencyHeadersSchema,
        params: holdParamsSchema,
        querystring: noQuery,
        body: putDetailsBodySchema,
        response: { 200: detailsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { params, body } = request;
      const call = { route: 'PUT /holds/:id/details', holdId: params.holdId, body };
      return putOnHold(app, request, reply, call, (tx, sessionId) =>
        updateDetails(tx, scope, sessionId, params.holdId, body),
      );
    },
  );

  done();
};
