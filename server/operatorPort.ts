import Fastify, { type FastifyInstance } from 'fastify';
import { readyRoute } from './health/routes';
import type { Readiness } from './health/readiness';
import { registerErrorHandling } from './http/errors';
import { metricsRoute, type Metrics } from './http/metrics';
import { zodSchemaController } from './http/zodSchemas';

export interface OperatorPortOptions {
  port: number;
  host: string;
  metrics: Metrics;
  readiness: Readiness;
  /** METRICS_TOKEN: /metrics needs it here too; unset, /metrics is a 404. */
  token?: string;
}

/**
 * METRICS_PORT (issue 25): GET /metrics and GET /ready on a port of their own, for a network the
 * buyers cannot reach. It listens before start-up migrates and loads the catalogue, so an
 * orchestrator sees /ready answer 503 `starting` all that time rather than no answer at all.
 */
export async function listenOperatorPort(options: OperatorPortOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    schemaController: zodSchemaController,
  });
  registerErrorHandling(app);
  await app.register(readyRoute, { readiness: options.readiness });
  await app.register(metricsRoute, { metrics: options.metrics, token: options.token });
  await app.listen({ port: options.port, host: options.host });
  return app;
}
