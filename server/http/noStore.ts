import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the plugin is `cache-control: no-store` unless its route set its own (a seat
 * plan, a public key): one buyer's data, refusals included, is never kept by a browser or CDN.
 */
export function noStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
