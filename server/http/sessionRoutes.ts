import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import { createSessionBodySchema, sessionSchema } from '../../contract/api/session';
import type { Database } from '../db/database';
import { insertSessionRow, touchLiveSession } from './queries/sessions';
import { clientDigest } from '../lib/clientDigest';
import { ServerKeys } from '../lib/serverKeys';
import { newSessionTokens } from '../lib/sessionTokens';
import { hashSessionToken, sessionTokenOf, setSessionCookie } from './buyerSession';
import { noStoreByDefault } from './noStore';
import { enforceRateLimit, type RateLimit } from './rateLimit';

/** Anonymous sessions last this long; baskets and holds live well within it. */
export const SESSION_TTL_HOURS = 8;

export interface SessionRoutesOptions {
  db: Database;
  /** New sessions per client address (SESSION_RATE_LIMIT, server/config.ts). */
  rateLimit: RateLimit;
  /** A guest's inactivity limit with seats held (GUEST_IDLE_SECONDS), told to the SPA. */
  guestIdleSeconds: number;
}

/**
 * POST /sessions issues an anonymous session kept in the database (so any instance can read it).
 * A browser that already holds a live session gets that one back instead of a second one.
 */
export const sessionRoutes: FastifyPluginCallback<SessionRoutesOptions> = (
  app,
  { db, rateLimit, guestIdleSeconds },
  done,
) => {
  const keys = new ServerKeys(db);
  // The answer carries the CSRF token (and a new session's cookie), whichever way it goes.
  noStoreByDefault(app);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/sessions',
    {
      schema: {
        querystring: z.strictObject({}),
        body: createSessionBodySchema,
        response: {
          200: sessionSchema,
          201: sessionSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const existing = sessionTokenOf(request);
      if (existing && /^[\w-]{43}$/.test(existing)) {
        const session = await touchLiveSession(db, hashSessionToken(existing));
        if (session)
          return reply.status(200).send({
            csrfToken: session.csrfToken,
            expiresAt: session.expiresAt.toISOString(),
            guestIdleSeconds,
          });
      }
      // Only new sessions count: a browser asking again for its live one gets it back above.
      await enforceRateLimit(
        db,
        'sessions',
        request.ip,
        rateLimit,
        reply,
        'Too many new sessions. Try again later.',
      );
      const { token, tokenHash, csrfToken } = newSessionTokens();
      const { id, expiresAt } = await insertSessionRow(db, {
        tokenHash,
        csrfToken,
        ttlHours: SESSION_TTL_HOURS,
        clientDigest: await clientDigest(keys, request.ip),
      });
      // A new buyer's next call is most often a hold: its session is known without a read.
      app.rememberGuest(tokenHash, { id, csrfToken, accountId: null });
      return setSessionCookie(
        reply.status(201),
        token,
        request.protocol === 'https',
        expiresAt,
      ).send({ csrfToken, expiresAt: expiresAt.toISOString(), guestIdleSeconds });
    },
  );
  done();
};
