import type { FastifyPluginAsync } from 'fastify';
import { SERVICES, servicePath } from '../../contract/regions';
import type { Database } from '../db/database';
import { healthRoute } from './health';
import { paymentRoutes, type PaymentRoutesOptions } from './payment';
import { sessionRoutes } from './session';

/**
 * The non-regional services of spec §7, each under /services/<name>. Issue 3 gives each a real
 * health check and the session service its first endpoint; later issues add the rest.
 */
export const serviceRoutes: FastifyPluginAsync<{
  db: Database;
  payment: Omit<PaymentRoutesOptions, 'db'>;
}> = async (app, { db, payment }) => {
  for (const service of SERVICES) {
    await app.register(
      async (scope) => {
        await scope.register(healthRoute, { db, service });
        if (service === 'session') await scope.register(sessionRoutes, { db });
        if (service === 'payment') await scope.register(paymentRoutes, { db, ...payment });
      },
      { prefix: servicePath(service) },
    );
  }
};
