import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findTicketsBodySchema, findTicketsResponseSchema } from '../../contract/api/findTickets';
import type { Database } from '../db/database';
import { errorReplies } from '../http/errors';
import { noStoreByDefault } from '../http/noStore';
import { enforceRateLimit } from '../http/rateLimit';
import { ServerKeys } from '../lib/serverKeys';
import {
  DEFAULT_FIND_TICKETS_LIMITS,
  findTicketsThrottled,
  resendConfirmation,
  throttleFindTickets,
  type FindTicketsLimits,
} from './findTickets';

export interface FindTicketsRoutesOptions {
  db: Database;
  limits?: Partial<FindTicketsLimits>;
}

/** An email and an order number fit many times over. */
const BODY_LIMIT_BYTES = 1024;

/**
 * `POST /find-tickets` (customer-accounts service, issue 25): the confirmation email again for
 * a guest who lost it. Served beside sign-up from an order, kept with orders: it reads orders and
 * asks email to queue the copy.
 */
export const findTicketsRoutes: FastifyPluginCallback<FindTicketsRoutesOptions> = (
  app,
  options,
  done,
) => {
  const { db } = options;
  const limits = { ...DEFAULT_FIND_TICKETS_LIMITS, ...options.limits };
  const keys = new ServerKeys(db);
  noStoreByDefault(app);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/find-tickets',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      // As sign-up: a forged cross-site request is refused before its body is read, and the
      // client address is counted before any lookup.
      onRequest: [
        app.buyer(true),
        async (request, reply) =>
          enforceRateLimit(
            db,
            'find-tickets-client',
            request.ip,
            limits.perClient,
            reply,
            'Too many requests. Try again later.',
          ),
      ],
      schema: {
        querystring: z.strictObject({}),
        body: findTicketsBodySchema,
        response: {
          202: findTicketsResponseSchema,
          ...errorReplies(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const refused = await throttleFindTickets(db, keys, request.body, limits);
      if (refused) {
        reply.header('retry-after', String(refused.retryAfterSeconds));
        throw findTicketsThrottled();
      }
      // Answered first, the lookup and the copy after: a matching pair costs an insert, which
      // the answer's timing would otherwise tell a stranger (as the password reset does).
      await reply.status(202).send({});
      await resendConfirmation(db, request.body).catch((error: unknown) =>
        request.log.error({ err: error }, 'find my tickets: confirmation copy not queued'),
      );
      return reply;
    },
  );
  done();
};
