import type { FastifyPluginCallback } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { healthSchema, readinessSchema, type Health } from '../../contract/api/common';
import type { Database } from '../db/database';
import { ping } from './queries';
import type { Readiness } from './readiness';

export async function checkDatabase(db: Database): Promise<boolean> {
  try {
    await ping(db);
    return true;
  } catch {
    return false;
  }
}

export interface HealthRouteOptions {
  db: Database;
  region?: string;
  service?: string;
}

/** GET /health: 200 when the database answers `select 1`, 503 when it does not. */
export const healthRoute: FastifyPluginCallback<HealthRouteOptions> = (
  app,
  { db, region, service },
  done,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        querystring: z.strictObject({}),
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ok = await checkDatabase(db);
      const body: Health = {
        status: ok ? 'ok' : 'degraded',
        ...(region ? { region } : {}),
        ...(service ? { service } : {}),
        database: ok ? 'ok' : 'unreachable',
      };
      return reply
        .status(ok ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
  done();
};

/**
 * GET /ready (issue 25): 200 once start-up is done and while the database answers, else 503
 * with why. Balancers and orchestrators send traffic by it; /health stays the liveness check.
 */
export const readyRoute: FastifyPluginCallback<{ readiness: Readiness }> = (
  app,
  { readiness },
  done,
) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/ready',
    {
      schema: {
        querystring: z.strictObject({}),
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const status = await readiness.status();
      return reply
        .status(status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status });
    },
  );
  done();
};
