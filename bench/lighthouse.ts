import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import type { ShowContent } from '../contract/api/content';
import { findChromium } from '../tests/setup/chromium';
import { startServerProcess } from './serverProcess';

/**
 * Lighthouse 12 as a buyer's phone sees the shop (issue 13): its default configuration, which
 * is the mobile form factor with simulated throttling (slow 4G, a 4× slower CPU), against the
 * real server on the production build. Per page: the performance and accessibility scores
 * (0–100), Cumulative Layout Shift, and the paint and blocking times behind the score.
 * LIGHTHOUSE_REPORTS=<dir> also keeps each page's full report there (<page>.json), for the
 * audits behind a score.
 */

/** The pages measured: the first a buyer meets, and the three on the way to choosing a seat. */
async function pages(base: string): Promise<Record<string, string>> {
  const show = '/shows/the-glass-orchard/lumen-theatre';
  const response = await fetch(`${base}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`);
  const content = (await response.json()) as ShowContent;
  const performance = content.performances.upcoming[0];
  if (!performance) throw new Error('The Glass Orchard at the Lumen has no upcoming performance');
  return {
    whatsOn: '/',
    show: `${show}/`,
    calendar: `${show}/calendar/`,
    lumenSeats: `${show}/tickets/${performance.id}`,
  };
}

/** Starts Chromium with a DevTools port of its own choosing and resolves with that port. */
async function startChromium(profile: string): Promise<{ port: number; process: ChildProcess }> {
  const { executablePath, env } = await findChromium();
  const child = spawn(
    executablePath,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 60_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { port, process: child };
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Runs per page (LIGHTHOUSE_RUNS, default 3): a score moves by several points between runs on a
 * busy machine, so the median run is reported, as Lighthouse's own guidance on variability advises.
 */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 3);

const score = (lhr: Result, category: string) =>
  Math.round((lhr.categories[category]?.score ?? NaN) * 100);

async function audit(port: number, base: string, path: string): Promise<Result> {
  const result = await lighthouse(`${base}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  return lhr;
}

export async function benchLighthouse(
  staticDir: string,
  work: string,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const server = await startServerProcess({
    DATA_DIR: join(work, 'lighthouse-db'),
    STATIC_DIR: staticDir,
  });
  const profile = mkdtempSync(join(work, 'lighthouse-profile-'));
  const chromium = await startChromium(profile);
  try {
    for (const [name, path] of Object.entries(await pages(server.base))) {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await audit(chromium.port, server.base, path));
      // The run with the median performance score stands for the page, all its figures together.
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        writeFileSync(join(reports, `${name}.json`), JSON.stringify(lhr));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      results[`lighthouse.${name}.performance`] = score(lhr, 'performance');
      results[`lighthouse.${name}.accessibility`] = score(lhr, 'accessibility');
      results[`lighthouse.${name}.cls`] = round3(value('cumulative-layout-shift'));
      results[`lighthouse.${name}.fcpMs`] = Math.round(value('first-contentful-paint'));
      results[`lighthouse.${name}.lcpMs`] = Math.round(value('largest-contentful-paint'));
      results[`lighthouse.${name}.tbtMs`] = Math.round(value('total-blocking-time'));
    }
  } finally {
    chromium.process.kill('SIGTERM');
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}
