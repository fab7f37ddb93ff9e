import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectNoPageErrors } from './journey';

/**
 * Issue 13, Lighthouse's layout-shift budget held in a test: the pages the bench measures, on
 * a phone and a laptop, load without moving what the buyer already sees (Cumulative Layout
 * Shift under 0.1, the "good" threshold). Shifts are gathered by the browser's own
 * `layout-shift` entries from the first paint until the page is complete and the network quiet;
 * a failure names each moved element with where it was and where it went.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;

const SHOW = '/shows/the-glass-orchard/lumen-theatre';

interface Shift {
  value: number;
  sources: string[];
}

/** Collects every shift not caused by the buyer, from the document's very start. */
function recordShifts(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
  const box = (rect: DOMRectReadOnly) =>
    `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        value: entry.value,
        sources: entry.sources.map(
          (source) =>
            `${source.node?.nodeName ?? '?'} ${box(source.previousRect)} -> ${box(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

let browser: Browser;
let seatPage: string;
beforeAll(async () => {
  browser = await launchBrowser();
  const response = await fetch(`${baseUrl()}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`);
  const content = (await response.json()) as ShowContent;
  const performance = content.performances.upcoming[0];
  if (!performance) throw new Error('The Glass Orchard at the Lumen has no upcoming performance');
  seatPage = `${SHOW}/tickets/${performance.id}`;
});
afterAll(async () => {
  await browser?.close();
});

/** Each page with what shows it has finished arriving (its late content, not only its heading). */
const PAGES: { name: string; path: () => string; complete: (page: Page) => Promise<void> }[] = [
  {
    name: "What's on",
    path: () => '/',
    complete: (page) =>
      page
        .getByRole('status')
        .filter({ hasText: /\d+ shows?/ })
        .waitFor(),
  },
  {
    name: 'the show page',
    path: () => `${SHOW}/`,
    complete: (page) => page.locator('h1').filter({ hasText: 'The Glass Orchard' }).waitFor(),
  },
  {
    name: 'the calendar',
    path: () => `${SHOW}/calendar/`,
    complete: (page) => page.getByRole('button', { name: /^Next month/ }).waitFor(),
  },
  {
    name: 'the Lumen seat page',
    path: () => seatPage,
    complete: (page) => page.getByRole('button', { name: /^Reserve seats/ }).waitFor(),
  },
];

describe('pages load without shifting what is on screen (CLS < 0.1)', () => {
  for (const viewport of VIEWPORTS) {
    for (const { name, path, complete } of PAGES) {
      it(`${name} at ${viewport.width} px`, async () => {
        const { context, page } = await newBuyer(browser, { viewport });
        try {
          await page.addInitScript(recordShifts);
          await page.goto(`${baseUrl()}${path()}`);
          await complete(page);
          // Posters, the plan and the filters' data may still be on their way.
          await page.waitForLoadState('networkidle');
          const shifts = await page.evaluate(
            () => (window as unknown as { __shifts: Shift[] }).__shifts,
          );
          const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
          const moved = shifts.map(
            (shift) => `${shift.value.toFixed(3)}: ${shift.sources.join('; ')}`,
          );
          expect(total, `layout shifts on ${name}:\n${moved.join('\n')}`).toBeLessThan(0.1);
          expectNoPageErrors(page);
        } finally {
          await context.close();
        }
      });
    }
  }
});
