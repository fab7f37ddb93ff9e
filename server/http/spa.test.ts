import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from './routePreloads';
import { registerSpa } from './spa';

// As long as the build's (over the compression threshold, 1 kB).
const INDEX_HTML =
  '<!doctype html><html><head><title>Stagedoor</title><script src="/boot.js"></script>' +
  `<meta name="description" content="${'Book tickets for theatre, concerts and attractions. '.repeat(20)}">` +
  '</head><body><div id="root"></div></body></html>';
const MAP: RoutePreloads = {
  venueSlug: 'lumen-theatre',
  routes: [
    {
      page: 'directory',
      pattern: '/',
      files: ['/assets/DirectoryPage-a.js'],
      reads: ['/api/uk/cms'],
    },
    {
      page: 'tickets',
      pattern: '/shows/:titleSlug/:venueSlug/tickets/:performanceId',
      files: ['/assets/TicketsPage-f.js'],
    },
  ],
  venues: { 'lumen-theatre': { files: ['/assets/en-GB-g.js'], logo: '/assets/logo-h.svg' } },
};
const SEATS = '/shows/the-glass-orchard/lumen-theatre/tickets/01D58650-5403-4484-AB0B-A59E35856056';

let staticDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'stagedoor-spa-'));
  mkdirSync(join(staticDir, '.vite'));
  writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(staticDir, ROUTE_PRELOADS_FILE), JSON.stringify(MAP));
  app = Fastify();
  await registerCompression(app);
  await registerSpa(app, staticDir);
});
afterAll(async () => {
  await app?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = (url: string, encoding = 'identity') =>
  app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', 'accept-encoding': encoding },
  });

describe('index.html for a page', () => {
  it("names the seat page's chunks, text and logo in its head, before the app runs", async () => {
    const response = await page(`${SEATS}?pc=ORCHARD10`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const head = response.body.slice(0, response.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/TicketsPage-f.js">',
    );
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/en-GB-g.js">');
    expect(head).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/assets/logo-h.svg">',
    );
    // The rest of the document is the build's, untouched.
    expect(response.body.replace(/<link [^>]+>/g, '')).toBe(INDEX_HTML);
  });

  it("has boot.js start What's on's reads: their names come before the script that reads them", async () => {
    const body = (await page('/')).body;
    const meta = body.indexOf('<meta name="stagedoor-early-reads" content="/api/uk/cms">');
    expect(meta).toBeGreaterThan(0);
    expect(meta).toBeLessThan(body.indexOf('<script src="/boot.js">'));
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/DirectoryPage-a.js">',
    );
    expect(body).not.toContain('as="image"');
  });

  it('is compressed for a browser that takes brotli', async () => {
    const response = await page(SEATS, 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it("is the build's file as it is for an address with nothing to announce", async () => {
    for (const url of ['/checkout/payment', '/shows/the-glass-orchard/nowhere/tickets/x'])
      expect((await page(url)).body).toBe(INDEX_HTML);
  });
});
