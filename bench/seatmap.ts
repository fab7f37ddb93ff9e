import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { compileHints, SEAT_MAP_CHUNK } from '../scripts/vitePluginCompileHints';
import { buildSeatMapModel, isSelectable } from '../src/features/seatSelection/seatMap/model';
import { launchBrowser } from '../tests/e2e/browser';
import type { SeatMapLibrary, TheirLayout } from './seatmap/api';
import { benchPlans, type BenchData } from './seatmap/plans';
import { percentile, round1 } from './stats';

/**
 * Seat map figures in headless Chromium: our canvas SeatMapCanvas beside one open-source seat
 * map from npm (@alisaitteke/seatmap-canvas, d3 + SVG) on the same plans in the same run:
 * - firstPaintMs: data in the page → first frame with the map painted (model building included),
 *   timed from where a page is when its data comes: its shell painted, its main thread idle;
 * - selectMs: pointer released on a seat → the painted frame that shows it selected (when the
 *   first click only zooms in, as both maps do on the whole-house view, the click after it);
 * - panFrameP95Ms: 95th percentile of animation-frame intervals while dragging (16.7 ms is the
 *   display's own pace; more means dropped frames).
 * Each plan is measured twice per map: on this machine's CPU, and under a 4× CPU slowdown (CDP
 * Emulation.setCPUThrottlingRate, a mid-range phone) as `<prefix>.cpu4x.<plan>.<figure>`.
 * firstPaintMs is the median over FIRST_PAINT_SAMPLES fresh pages: one mount on this shared
 * machine varies by ±10 % (more under the slowdown), as much as a change being measured.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const ORIGIN = 'http://seatmap-bench.invalid';
const COMPARE = 'seatmap-canvas';
/** Longest we wait for one map to mount before recording that it could not. */
const MOUNT_TIMEOUT_MS = 120_000;
const VIEWPORT = { width: 1280, height: 900 };
/** Fresh pages each map's first paint is measured on (the median is the figure). */
const FIRST_PAINT_SAMPLES = 5;
/**
 * A map whose first mount took longer than this is measured on that one page: the other
 * library's 20,000-seat mount takes seconds, its 100,000-seat one minutes.
 */
const RESAMPLE_UNDER_MS = 5_000;
/** Chromium's CPU slowdown that stands for a mid-range phone (Lighthouse's mobile preset). */
const PHONE_CPU_SLOWDOWN = 4;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(root, 'bench/seatmap'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    // The seat map's modules as the app ships them: a chunk of their own with V8's compile hint.
    plugins: [react(), compileHints([SEAT_MAP_CHUNK.name])],
    resolve: {
      alias: {
        '@/': join(root, 'src/'),
        '@contract/': join(root, 'contract/'),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The seat map's chunk as in the app, and what it imports in a chunk of its own: left
            // in the entry, which imports the map, the two chunks would import each other and the
            // map would run before React had. The skeleton imports the map's layout sizes, so it
            // stays with the entry for the same reason.
            groups: [
              SEAT_MAP_CHUNK,
              {
                name: 'page',
                test: (id: string) =>
                  !/\/bench\/seatmap\/|\/seatMap\/|\/ChoiceSkeleton\.tsx$/.test(id),
              },
            ],
          },
        },
      },
    },
  });
}

const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

function timeout<T>(ms: number, what: string): Promise<T> {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms),
  );
}

/** A free seat a little past the middle of the plan: the same seat for both maps. */
function targetSeat(data: BenchData): number {
  const model = buildSeatMapModel(data.plan, data.status);
  for (let i = Math.floor(model.count * 0.55); i < model.count; i += 1) {
    if (isSelectable(model, i)) return i;
  }
  throw new Error(`${data.name} has no free seat to select`);
}

function theirLayout(data: BenchData): TheirLayout {
  const model = buildSeatMapModel(data.plan, data.status);
  const { minX, minY, maxX, maxY } = model.bounds;
  const scale = 2000 / Math.max(maxX - minX, maxY - minY);
  const seatRadius = model.pitch * scale * 0.42;
  return { scale, seatRadius, maxZoom: Math.max(1.9, 14 / seatRadius) };
}

async function openPage(browser: Browser, outDir: string, cpuSlowdown: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const file = join(outDir, path === '/' ? 'index.html' : path);
    await route.fulfill({
      body: readFileSync(file),
      contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'seatmapBench' in window);
  // The pointer rests off the map as it appears (a phone has none): left where it starts, on
  // the map's corner, it would have the browser send both maps pointer events mid-mount.
  await page.mouse.move(VIEWPORT.width - 1, VIEWPORT.height - 1);
  // Slowed once the bench page has loaded: the figures are the map's, not the page's start-up.
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  return page;
}

async function select(page: Page, seat: number): Promise<number> {
  // Far out both maps zoom in on the first click (seatmap-canvas with an animation that takes
  // seconds at 100,000 seats); let it settle, aim again at the seat and click once more.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const target = await page.evaluate((s) => window.seatmapBench.locate(s), seat);
    if (target === null) throw new Error('the seat is not on screen');
    await page.evaluate((s) => window.seatmapBench.armSelect(s), seat);
    await page.mouse.click(target.x, target.y);
    const ms = await page.evaluate(() => window.seatmapBench.selected(3_000));
    if (ms !== null) return ms;
    await page.waitForTimeout(1_500);
  }
  throw new Error('four clicks on the seat did not select it');
}

/**
 * One long drag: 900 px across and 360 px down the map and back, in 240 pointer moves, well past
 * any margin a renderer keeps drawn off screen. Returns the p95 frame interval.
 */
async function pan(page: Page): Promise<number> {
  const from = { x: 1050, y: 450 };
  const to = { x: 150, y: 90 };
  await page.mouse.move(from.x, from.y);
  await page.evaluate(() => window.seatmapBench.startFrames());
  await page.mouse.down();
  const moves = 240;
  for (let k = 1; k <= moves; k += 1) {
    const t = 1 - Math.abs(1 - (2 * k) / moves);
    await page.mouse.move(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
  }
  await page.mouse.up();
  const intervals = await page.evaluate(() => window.seatmapBench.stopFrames());
  return percentile(ascending(intervals), 95);
}

/** A fresh page with the data in it, the map mounted: ms to its first painted frame. */
async function mountOnPage(page: Page, data: BenchData, library: SeatMapLibrary): Promise<number> {
  await page.evaluate((d) => window.seatmapBench.setData(d), {
    plan: data.plan,
    status: data.status,
    their: theirLayout(data),
  });
  return Promise.race([
    page.evaluate((lib) => window.seatmapBench.mount(lib), library),
    timeout<number>(MOUNT_TIMEOUT_MS, `mounting ${data.plan.seats.id.length} seats`),
  ]);
}

async function measure(
  browser: Browser,
  outDir: string,
  data: BenchData,
  library: SeatMapLibrary,
  prefix: string,
  cpuSlowdown: number,
  results: Record<string, number>,
  notes: string[],
): Promise<void> {
  const firstPaints: number[] = [];
  try {
    const page = await openPage(browser, outDir, cpuSlowdown);
    try {
      firstPaints.push(await mountOnPage(page, data, library));
      if (data.name !== 'theatre') {
        // Let a mount-time zoom animation finish before aiming.
        await page.waitForTimeout(800);
        try {
          results[`${prefix}.${data.name}.selectMs`] = round1(await select(page, targetSeat(data)));
        } catch (error) {
          notes.push(`${prefix}.${data.name}.selectMs: ${(error as Error).message}`);
        }
        await page.waitForTimeout(800);
        results[`${prefix}.${data.name}.panFrameP95Ms`] = round1(await pan(page));
      }
      const problems = await page.evaluate(() => window.seatmapBench.problems());
      if (problems.length > 0)
        notes.push(`${prefix}.${data.name}: page errors: ${problems.join('; ')}`);
    } finally {
      await page.context().close();
    }
    // One page at a time: a page left open beside the next would share its two cores.
    while (firstPaints.length < FIRST_PAINT_SAMPLES && firstPaints[0]! < RESAMPLE_UNDER_MS) {
      const again = await openPage(browser, outDir, cpuSlowdown);
      try {
        firstPaints.push(await mountOnPage(again, data, library));
      } finally {
        await again.context().close();
      }
    }
    console.log(`${prefix}.${data.name}.firstPaintMs of ${firstPaints.map(round1).join(', ')}`);
    results[`${prefix}.${data.name}.firstPaintMs`] = round1(percentile(ascending(firstPaints), 50));
  } catch (error) {
    notes.push(`${prefix}.${data.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * For working on our map alone (the full bench sets neither): BENCH_SEATMAP_PLANS=arena20k[,…]
 * measures only those plans, BENCH_SEATMAP_COMPARE=0 leaves out the other library (minutes of
 * the part's run under the slowdown). The figures measured are the same.
 */
function benchScope(): { plans: (name: string) => boolean; compare: boolean } {
  const plans = new Set((process.env.BENCH_SEATMAP_PLANS ?? '').split(',').filter(Boolean));
  return {
    plans: (name) => plans.size === 0 || plans.has(name),
    compare: process.env.BENCH_SEATMAP_COMPARE !== '0',
  };
}

export async function benchSeatMap(
  workDir: string,
): Promise<{ results: Record<string, number>; notes: string[] }> {
  const outDir = join(workDir, 'seatmap-page');
  await buildPage(outDir);
  const browser = await launchBrowser();
  const results: Record<string, number> = {};
  const notes: string[] = [];
  const scope = benchScope();
  try {
    for (const [cpuSlowdown, run] of [
      [1, ''],
      [PHONE_CPU_SLOWDOWN, `.cpu${PHONE_CPU_SLOWDOWN}x`],
    ] as const) {
      for (const data of benchPlans().filter((plan) => scope.plans(plan.name))) {
        await measure(browser, outDir, data, 'ours', `seatmap${run}`, cpuSlowdown, results, notes);
        if (!scope.compare) continue;
        await measure(
          browser,
          outDir,
          data,
          'seatmap-canvas',
          `seatmapCompare.${COMPARE}${run}`,
          cpuSlowdown,
          results,
          notes,
        );
      }
    }
  } finally {
    await browser.close();
  }
  printSideBySide(results);
  for (const note of notes) console.log(`note: ${note}`);
  return { results, notes };
}

function printSideBySide(results: Record<string, number>): void {
  const rows = Object.keys(results)
    .filter((key) => key.startsWith('seatmap.'))
    .map((key) => {
      const rest = key.slice('seatmap.'.length);
      const theirs = results[`seatmapCompare.${COMPARE}.${rest}`];
      return `${rest.padEnd(28)} ours ${String(results[key]).padStart(8)}   ${COMPARE} ${String(theirs ?? 'n/a').padStart(8)}`;
    });
  console.log(['seat map (ms)', ...rows].join('\n'));
}
