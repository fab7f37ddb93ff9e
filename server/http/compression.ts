import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every answer worth it (JSON, HTML, the seat status of the arena: 20,000 characters
 * that gzip to a few hundred bytes), brotli at the plugin's fast default quality where the client
 * takes it, else gzip. The SPA's files are compressed once, at their best, when they are built
 * (vite.config.ts) and sent as they are (server/http/spa.ts). Request bodies stay as sent: the
 * 64 KiB body limit means what it says.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { globalDecompression: false, encodings: ['br', 'gzip'] });
}
