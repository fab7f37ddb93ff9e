import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Route } from 'playwright-core';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectAccessible, visit } from './journey';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The polyfill address the build was given (index.html carries it for the boot script). */
async function polyfillUrl(): Promise<string> {
  const html = await (await fetch(`${baseUrl()}/`)).text();
  const match = /<meta name="stagedoor-polyfill" content="([^"]+)"/.exec(html);
  if (!match) throw new Error('index.html has no stagedoor-polyfill meta tag');
  return new URL(match[1]!.replaceAll('&amp;', '&')).href;
}

describe('boot on an old browser', () => {
  it('shows "Loading...", loads the polyfill from the configured host, then starts the shop', async () => {
    const { context, page } = await newBuyer(browser);
    // An old browser: no fetch before any of our scripts run.
    await context.addInitScript(() => {
      const w = window as unknown as { __realFetch?: typeof fetch; fetch?: typeof fetch };
      w.__realFetch = w.fetch;
      delete w.fetch;
    });
    const url = await polyfillUrl();
    let releasePolyfill: (route: Route) => void = () => undefined;
    const polyfillRequested = new Promise<Route>((resolve) => {
      releasePolyfill = resolve;
    });
    // A string would be read as a glob (its `?` too), so match the exact address instead.
    await page.route(
      (candidate) => candidate.href === url,
      (route) => releasePolyfill(route),
    );

    // The pending polyfill script holds back the load event, so wait only for the document.
    await page.goto(`${baseUrl()}/`, { waitUntil: 'domcontentloaded' });
    await expect.poll(() => page.locator('h1').first().innerText()).toBe('Loading...');
    const route = await polyfillRequested;
    // The shop must not start while fetch is still missing.
    await page.waitForTimeout(1_200);
    expect(await page.locator('h1').first().innerText()).toBe('Loading...');

    await route.fulfill({
      contentType: 'text/javascript',
      // The script is fetched in CORS mode (crossorigin="anonymous"), as from a real CDN.
      headers: { 'access-control-allow-origin': '*' },
      body: 'window.fetch = window.__realFetch;',
    });
    await expect
      .poll(() => page.locator('h1').first().innerText(), { timeout: 15_000 })
      .not.toBe('Loading...');
    expect(await page.evaluate(() => typeof window.fetch)).toBe('function');
    await expectAccessible(page, 'app started after polyfill');
    await context.close();
  });
});

describe('a script chunk that never arrives', () => {
  it('fails after 120000 ms with a page that explains and offers a reload', async () => {
    const { context, page } = await newBuyer(browser);
    // Start inside the venue's own frame, its text already loaded: What's on wears the shop's
    // frame, so leaving it for a venue also fetches that venue's text, which the block below
    // would hold back as well, and this test is about the page's own chunk.
    await visit(page, '/venues/lumen-theatre/');
    await page.waitForLoadState('networkidle');
    // From now on no further script chunk loads: the next page's chunk hangs forever.
    let blocked = 0;
    await page.route('**/assets/*.js', () => {
      blocked += 1;
    });
    await page.clock.install();
    await page.getByRole('link', { name: 'The Glass Orchard', exact: true }).click();
    await expect.poll(() => blocked).toBeGreaterThan(0);

    await page.clock.fastForward(119_000);
    expect(await page.getByRole('button', { name: 'Reload page' }).count()).toBe(0);
    await page.clock.fastForward(2_000);
    const reload = page.getByRole('button', { name: 'Reload page' });
    await reload.waitFor();
    expect(await page.locator('h1').innerText()).toBe("This page didn't finish loading");
    await expectAccessible(page, 'chunk load failure');

    // The offered reload really recovers once the network is back.
    await page.unroute('**/assets/*.js');
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.locator('h1', { hasText: 'The Glass Orchard' }).waitFor();
    await context.close();
  });
});
