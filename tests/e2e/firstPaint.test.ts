import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectNoPageErrors, upcomingPerformanceId } from './journey';

/**
 * Issue 26, the first paint on a phone: a page behind layouts (the queue gate, the choosing
 * flows) asks for all of its chunks at once, not one level per round trip, and the small modules
 * on the way to a seat come as one chunk, because a phone on HTTP/1.1 fetches six at a time.
 */

const SHOW = '/shows/the-glass-orchard/lumen-theatre';
/** The chunk of the choosing flows, the layout in front of the calendar and seat pages. */
const LAYOUTS_CHUNK = /\/assets\/choosing-[\w-]+\.js$/;
const SEAT_PAGE_CHUNK = /\/assets\/TicketsPage-[\w-]+\.js$/;
/** The app's chunk (src/app/start.tsx), which the entry imports once boot.js has said ready. */
const APP_CHUNK = /\/assets\/start-[\w-]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the seat page on its first load', () => {
  it('asks for its own chunk while the layouts in front of it are still on their way', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const performanceId = await upcomingPerformanceId(
        page,
        'uk',
        'lumen-theatre',
        'the-glass-orchard',
      );
      let releaseLayouts: () => void = () => undefined;
      const layoutsHeld = new Promise<void>((resolve) => {
        releaseLayouts = resolve;
      });
      let layoutsRequested = false;
      await page.route(LAYOUTS_CHUNK, async (route: Route) => {
        layoutsRequested = true;
        await layoutsHeld;
        await route.continue();
      });
      const pageChunkRequested = page.waitForRequest(SEAT_PAGE_CHUNK, { timeout: 20_000 });
      await page.goto(`${baseUrl()}${SHOW}/tickets/${performanceId}`, {
        waitUntil: 'domcontentloaded',
      });
      // Held back, the layouts cannot render: a page chunk asked for only once they have would
      // never be asked for here.
      const requested = await pageChunkRequested.then(
        () => true,
        () => false,
      );
      releaseLayouts();
      expect(layoutsRequested, 'the layouts chunk was never requested').toBe(true);
      expect(requested, 'the seat page chunk waited for its layouts').toBe(true);
      await page.getByRole('button', { name: /^Reserve seats/ }).waitFor();
      expectNoPageErrors(page);
    } finally {
      await context.close();
    }
  });

  it('loads its scripts in a handful of requests', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const performanceId = await upcomingPerformanceId(
        page,
        'uk',
        'lumen-theatre',
        'the-glass-orchard',
      );
      const scripts = new Set<string>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) scripts.add(pathname);
      });
      await page.goto(`${baseUrl()}${SHOW}/tickets/${performanceId}`);
      await page.getByRole('button', { name: /^Reserve seats/ }).waitFor();
      await page.waitForLoadState('networkidle');
      // The boot check, the entry, the app (three), the way to a seat (two), the page (three),
      // the venue's text and theme (three), the rest of the source: 14. Split by use it was 32.
      expect(scripts.size, [...scripts].sort().join('\n')).toBeLessThanOrEqual(16);
      expectNoPageErrors(page);
    } finally {
      await context.close();
    }
  });

  it('has its chunks named by its HTML: asked for before the app has run, each once', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const performanceId = await upcomingPerformanceId(
        page,
        'uk',
        'lumen-theatre',
        'the-glass-orchard',
      );
      const asked = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
      });
      // The app's own chunk held back: nothing the app would ask for can be asked for yet.
      let releaseApp: () => void = () => undefined;
      const appHeld = new Promise<void>((resolve) => {
        releaseApp = resolve;
      });
      await page.route(APP_CHUNK, async (route: Route) => {
        await appHeld;
        await route.continue();
      });
      const pageChunkRequested = page.waitForRequest(SEAT_PAGE_CHUNK, { timeout: 20_000 });
      await page.goto(`${baseUrl()}${SHOW}/tickets/${performanceId}`, { waitUntil: 'commit' });
      const requested = await pageChunkRequested.then(
        () => true,
        () => false,
      );
      releaseApp();
      expect(requested, 'the seat page chunk waited for the app to run').toBe(true);
      await page.getByRole('button', { name: /^Reserve seats/ }).waitFor();
      await page.waitForLoadState('networkidle');
      const twice = [...asked].filter(([, count]) => count > 1);
      expect(twice, 'a script was fetched twice').toEqual([]);
      expectNoPageErrors(page);
    } finally {
      await context.close();
    }
  });
});

describe("What's on on its first load", () => {
  it('draws from the CMS reads its HTML started: one read per region, none asked again', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const reads = new Map<string, number>();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/^\/api\/[\w-]+\/cms$/.test(pathname))
          reads.set(pathname, (reads.get(pathname) ?? 0) + 1);
      });
      // The app held back: only the HTML (through boot.js) can have asked for the CMS yet.
      let releaseApp: () => void = () => undefined;
      const appHeld = new Promise<void>((resolve) => {
        releaseApp = resolve;
      });
      await page.route(APP_CHUNK, async (route: Route) => {
        await appHeld;
        await route.continue();
      });
      const cmsRequested = page.waitForRequest(/\/api\/uk\/cms$/, { timeout: 20_000 });
      await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
      const early = await cmsRequested.then(
        () => true,
        () => false,
      );
      releaseApp();
      expect(early, "What's on's CMS read waited for the app to run").toBe(true);
      await page
        .getByRole('img', { name: /^Poster for / })
        .first()
        .waitFor();
      await page.getByText(/^\d+ shows?$/).waitFor();
      await page.waitForLoadState('networkidle');
      expect(Object.fromEntries(reads)).toEqual({
        '/api/uk/cms': 1,
        '/api/us-west/cms': 1,
        '/api/us-east/cms': 1,
        '/api/us-central/cms': 1,
      });
      expectNoPageErrors(page);
    } finally {
      await context.close();
    }
  });
});
