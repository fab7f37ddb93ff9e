import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { benchFlood } from './flood';
import { benchHolds } from './holds';
import { benchLighthouse } from './lighthouse';
import { benchQueue } from './queue';
import { benchSeatMap } from './seatmap';
import { buildServer, rssMb, startServerProcess } from './serverProcess';
import { percentile, round1 } from './stats';

/**
 * `npm run bench`: measures and prints figures, compares them with bench/budgets.json as
 * pass/fail lines, and never fails on a number. The last output is the JSON of
 * bench/results.json.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'stagedoor-bench-'));
const results: Record<string, number> = {};
/** The first route's files, as URLs of the built SPA (measureBundle finds them). */
let firstRouteUrls: string[] = [];

/**
 * The first route = everything a buyer's browser loads to show the What's on page: the entry
 * (boot), the app chunk it imports once the browser passes the feature check, the directory
 * page's chunk, each with its static imports and CSS.
 */
const FIRST_ROUTE_MODULES = ['src/app/start.tsx', 'src/features/catalogue/DirectoryPage.tsx'];

async function measureBundle(outDir: string): Promise<void> {
  await build({
    root,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not a chunk of the build`);
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  for (const key of [entry, ...FIRST_ROUTE_MODULES]) visit(key);
  const files = [...seen].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(join(outDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  results['bundle.firstRoute.rawKb'] = Math.round(raw / 102.4) / 10;
  results['bundle.firstRoute.gzipKb'] = Math.round(gzip / 102.4) / 10;
  results['bundle.firstRoute.files'] = files.length;
  firstRouteUrls = files.map((file) => `/${file}`);
}

/** Bytes a GET puts on the wire, still encoded (fetch would decode them). */
function wireBytes(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(bytes)
          : reject(new Error(`${url} answered ${response.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * What the first route costs a buyer on the wire from the server `npm start` runs: as a current
 * browser asks for it (brotli), as one that takes only gzip, and as it would travel uncompressed.
 */
async function measureTransfer(base: string): Promise<void> {
  for (const [name, encoding] of [
    ['brKb', 'gzip, deflate, br'],
    ['gzipKb', 'gzip'],
    ['identityKb', 'identity'],
  ] as const) {
    let total = 0;
    for (const url of firstRouteUrls) total += await wireBytes(`${base}${url}`, encoding);
    results[`transfer.firstRoute.${name}`] = Math.round(total / 102.4) / 10;
  }
}

async function load(url: string, total: number, concurrency: number) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(total / seconds),
    p50: round1(percentile(latencies, 50)),
    p99: round1(percentile(latencies, 99)),
  };
}

async function measureServer(staticDir: string): Promise<void> {
  await buildServer();
  const env = { DATA_DIR: join(work, 'db'), STATIC_DIR: staticDir };
  // Issue 26: the first start initialises the data directory, migrates and seeds; every later
  // one finds them done. The second is what a restart or a deployment costs, and its memory is
  // the server's idle footprint.
  let started = performance.now();
  const first = await startServerProcess(env);
  results['server.firstStartMs'] = Math.round(performance.now() - started);
  results['server.firstStartRssMb'] = rssMb(first.pid);
  await first.stop();
  started = performance.now();
  const server = await startServerProcess(env);
  const { base } = server;
  try {
    results['server.startMs'] = Math.round(performance.now() - started);
    results['server.rssMb'] = rssMb(server.pid);
    await measureTransfer(base);

    const url = `${base}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`;
    for (let i = 0; i < 50; i += 1) await (await fetch(url)).arrayBuffer(); // warm-up
    // Latency as one buyer sees it on a quiet server; throughput with 32 buyers at once (then
    // latency is mostly queueing: 32 in flight / throughput).
    const single = await load(url, 500, 1);
    results['content.show.p50Ms'] = single.p50;
    results['content.show.p99Ms'] = single.p99;
    const busy = await load(url, 2_000, 32);
    results['content.show.perSecond'] = busy.perSecond;
    results['content.show.p99Under32Ms'] = busy.p99;
    results['server.rssAfterLoadMb'] = rssMb(server.pid);
  } finally {
    await server.stop();
  }
}

function report(): void {
  const budgets = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8')) as Record<
    string,
    { max?: number; min?: number }
  >;
  for (const [key, budget] of Object.entries(budgets)) {
    const value = results[key];
    if (value === undefined && only.size > 0) continue; // a part BENCH_ONLY left out
    const ok =
      value !== undefined &&
      (budget.max === undefined || value <= budget.max) &&
      (budget.min === undefined || value >= budget.min);
    const limit = budget.max !== undefined ? `<= ${budget.max}` : `>= ${budget.min}`;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${key} = ${value ?? 'not measured'} (budget ${limit})`);
  }
}

/**
 * BENCH_ONLY=<part>[,<part>] measures only those parts (`app`: bundle and server, `lighthouse`:
 * bundle and Lighthouse, `holds`, `queue`: the onsale queue and holds through two processes,
 * `seatmap`, `flood`: other buyers' seat maps while one address floods the calendar) and keeps
 * the other figures of bench/results.json as they were.
 */
const only = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const measures = (part: string) => only.size === 0 || only.has(part);

function previousResults(): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

try {
  const outDir = join(work, 'dist');
  if (measures('app') || measures('lighthouse')) await measureBundle(outDir);
  if (measures('app')) await measureServer(outDir);
  // Lighthouse (mobile) on What's on, a show page, its calendar and the Lumen seat page.
  if (measures('lighthouse')) Object.assign(results, await benchLighthouse(outDir, work));
  // Holds are measured on a real PostgreSQL (the embedded database has one connection).
  if (measures('holds')) Object.assign(results, await benchHolds());
  // The onsale queue and holds through two server processes on one PostgreSQL (issue 16).
  if (measures('queue')) Object.assign(results, await benchQueue());
  // The seat map in headless Chromium, beside an open-source seat map from npm (bench/seatmap.ts).
  if (measures('seatmap')) Object.assign(results, (await benchSeatMap(work)).results);
  // Other buyers' seat maps while one address floods the calendar (issue 26, bench/flood.ts).
  if (measures('flood')) Object.assign(results, await benchFlood(work));
  report();
  const nested: Record<string, unknown> = only.size === 0 ? {} : previousResults();
  for (const [key, value] of Object.entries(results)) {
    const parts = key.split('.');
    let node = nested;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts.at(-1)!] = value;
  }
  const json = JSON.stringify(nested, null, 2);
  writeFileSync(join(root, 'bench/results.json'), `${json}\n`);
  console.log(json);
} finally {
  rmSync(work, { recursive: true, force: true });
}
