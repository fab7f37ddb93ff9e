import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './journey';

interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire, still encoded. */
  body: Buffer;
}

/** A GET that does not decode, so the test sees what a buyer's connection carries. */
function get(path: string, acceptEncoding?: string, accept = '*/*'): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
    request(new URL(path, baseUrl()), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The app's entry chunk, which index.html starts: the first large thing every buyer downloads. */
async function entryScript(): Promise<string> {
  const html = (await get('/')).body.toString('utf8');
  const src = /<script type="module"[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html names no module script');
  return src;
}

describe('what travels to the buyer', () => {
  it('sends the built JavaScript brotli-compressed to a browser that takes it, gzip to one that takes only that', async () => {
    const script = await entryScript();
    const plain = await get(script);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get(script, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    // Hashed assets keep their year-long caching whatever the encoding.
    expect(br.headers['cache-control']).toContain('immutable');

    const gzip = await get(script, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('compresses the page itself and the JSON answers of the booking API', async () => {
    const page = await get('/shows/the-glass-orchard/lumen-theatre/', 'br', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.body).toString('utf8')).toContain('<div id="root">');

    const show = await get('/api/uk/venues/lumen-theatre/shows/the-glass-orchard', 'gzip, br');
    expect(show.status).toBe(200);
    expect(show.headers['content-encoding']).toBe('br');
    const plain = await get('/api/uk/venues/lumen-theatre/shows/the-glass-orchard');
    expect(show.body.length).toBeLessThan(plain.body.length);
    expect(JSON.parse(brotliDecompressSync(show.body).toString('utf8'))).toEqual(
      JSON.parse(plain.body.toString('utf8')),
    );
  });
});
