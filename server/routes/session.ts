import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contract/api/common';
import { SESSION_COOKIE, createSessionBodySchema, sessionSchema } from '../../contract/api/session';
import type { Database } from '../db/database';

/** Anonymous sessions last this long; baskets and holds live well within it. */
export const SESSION_TTL_HOURS = 8;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
const newToken = () => randomBytes(32).toString('base64url');

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sessionCookie(token: string, secure: boolean): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    `Max-Age=${SESSION_TTL_HOURS * 3600}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

interface SessionRow {
  csrfToken: string;
  expiresAt: Date;
}

/**
 * POST /sessions issues an anonymous session kept in the database (so any instance can read it).
 * A browser that already holds a live session gets that one back instead of a second one.
 */
export const sessionRoutes: FastifyPluginCallback<{ db: Database }> = (app, { db }, done) => {
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
        },
      },
    },
    async (request, reply) => {
      const existing = readCookie(request, SESSION_COOKIE);
      if (existing && /^[\w-]{43}$/.test(existing)) {
        const { rows } = await db.query<SessionRow>(
          `UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1 AND expires_at > now()
           RETURNING csrf_token AS "csrfToken", expires_at AS "expiresAt"`,
          [hashToken(existing)],
        );
        const session = rows[0];
        if (session)
          return reply
            .status(200)
            .send({ csrfToken: session.csrfToken, expiresAt: session.expiresAt.toISOString() });
      }
      const token = newToken();
      const csrfToken = newToken();
      const { rows } = await db.query<{ expiresAt: Date }>(
        `INSERT INTO sessions (token_hash, csrf_token, expires_at)
         VALUES ($1, $2, now() + make_interval(hours => $3::int)) RETURNING expires_at AS "expiresAt"`,
        [hashToken(token), csrfToken, SESSION_TTL_HOURS],
      );
      return reply
        .status(201)
        .header('set-cookie', sessionCookie(token, request.protocol === 'https'))
        .header('cache-control', 'no-store')
        .send({ csrfToken, expiresAt: rows[0]!.expiresAt.toISOString() });
    },
  );
  done();
};
