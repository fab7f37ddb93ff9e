import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
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

/** The seat page of the Glass Orchard's next performance at the Lumen. */
async function seatPagePath(page: Page): Promise<string> {
  const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'the-glass-orchard');
  return `${SHOW}/tickets/${id}`;
}

/** Holds back every response for `url` until the returned release is called. */
async function holdBack(page: Page, url: RegExp, onRequest = () => {}): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    onRequest();
    await held;
    await route.continue();
  });
  return release;
}

/** How many times the page asks for each path `matches` accepts, from now on. */
function countRequests(page: Page, matches: (pathname: string) => boolean): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (matches(pathname)) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

/** Whether `request` (a page.waitForRequest) came, rather than timing out. */
const cameInTime = (request: Promise<unknown>) =>
  request.then(
    () => true,
    () => false,
  );

describe('the seat page on its first load', () => {
  it('asks for its own chunk while the layouts in front of it are still on their way', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const path = await seatPagePath(page);
      let layoutsRequested = false;
      const releaseLayouts = await holdBack(page, LAYOUTS_CHUNK, () => {
        layoutsRequested = true;
      });
      const pageChunkRequested = page.waitForRequest(SEAT_PAGE_CHUNK, { timeout: 20_000 });
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
      // Held back, the layouts cannot render: a page chunk asked for only once they have would
      // never be asked for here.
      const requested = await cameInTime(pageChunkRequested);
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
      const path = await seatPagePath(page);
      const scripts = countRequests(page, (pathname) => pathname.endsWith('.js'));
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('button', { name: /^Reserve seats/ }).waitFor();
      await page.waitForLoadState('networkidle');
      // The boot check, the entry, the app (three), the way to a seat (two), the page (three),
      // the venue's text and theme (three), the rest of the source: 14. Split by use it was 32.
      expect(scripts.size, [...scripts.keys()].sort().join('\n')).toBeLessThanOrEqual(16);
      expectNoPageErrors(page);
    } finally {
      await context.close();
    }
  });

  it('has its chunks named by its HTML: asked for before the app has run, each once', async () => {
    const { context, page } = await newBuyer(browser);
    try {
      const path = await seatPagePath(page);
      const asked = countRequests(page, (pathname) => pathname.endsWith('.js'));
      // The app's own chunk held back: nothing the app would ask for can be asked for yet.
      const releaseApp = await holdBack(page, APP_CHUNK);
      const pageChunkRequested = page.waitForRequest(SEAT_PAGE_CHUNK, { timeout: 20_000 });
      await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' });
      const requested = await cameInTime(pageChunkRequested);
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
      const reads = countRequests(page, (pathname) => /^\/api\/[\w-]+\/cms$/.test(pathname));
      // The app held back: only the HTML (through boot.js) can have asked for the CMS yet.
      const releaseApp = await holdBack(page, APP_CHUNK);
      const cmsRequested = page.waitForRequest(/\/api\/uk\/cms$/, { timeout: 20_000 });
      await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
      const early = await cameInTime(cmsRequested);
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
