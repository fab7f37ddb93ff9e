import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';
import { pageHints, readRoutePreloads } from './routePreloads';

/** Vite puts content-hashed files under /assets/: their URL changes whenever their bytes do. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

function isApiPath(url: string): boolean {
  return (
    url === '/api' || url.startsWith('/api/') || url === '/services' || url.startsWith('/services/')
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * index.html with what the page at the address will need announced in its head (routePreloads.ts):
 * the server knows the address before the app has run, so a phone fetches the page's chunks, text
 * and logo beside the app's chunks, and boot.js starts its first API reads, rather than a round
 * trip after the app has run (issue 26). The reads' meta goes before boot.js, which reads it as it
 * runs. Compressed as every answer is (compression.ts); `no-cache` as before, so a new build's
 * file names are picked up at once.
 */
function indexSender(root: string): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  const html = readFileSync(join(root, 'index.html'), 'utf8');
  const head = html.indexOf('</head>');
  const boot = html.indexOf('<script src="/boot.js"');
  const preloads = readRoutePreloads(root);
  if (head < 0 || boot < 0 || boot > head || preloads === undefined)
    return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  return (request, reply) => {
    const { links, reads } = pageHints(preloads, request.url.split('?')[0] ?? '/');
    const meta =
      reads.length === 0 ? '' : `<meta name="stagedoor-early-reads" content="${reads.join(' ')}">`;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(`${html.slice(0, boot)}${meta}${html.slice(boot, head)}${links}${html.slice(head)}`);
  };
}

/**
 * Serves the built SPA: hashed assets are cached for a year, index.html is revalidated on every
 * load, and a browser navigation to a client route gets index.html. Anything else that matches
 * no route — notably under /api and /services — is a JSON 404.
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string | undefined,
): Promise<void> {
  const root = staticDir ? resolve(staticDir) : undefined;
  const hasIndex = root !== undefined && existsSync(join(root, 'index.html'));
  if (root && existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // The same URL is sent as brotli, gzip or plain: a shared cache must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        if (path.endsWith('index.html')) res.setHeader('cache-control', 'no-cache');
        else if (HASHED_ASSET.test(path))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }
  // The static plugin treats `/` as a directory listing request (403); the home page is the SPA.
  const sendIndex = hasIndex ? indexSender(root) : undefined;
  if (sendIndex) app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (sendIndex && !isApiPath(path) && wantsHtml(request)) return sendIndex(request, reply);
    return reply.status(404).send(errorBody('not_found', 'No such page or endpoint.'));
  });
}
