import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectAccessible } from './journey';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('pages a buyer should never be stranded on', () => {
  const notFoundPaths = [
    '/venues/no-such-venue/',
    '/shows/not-a-show/lumen-theatre/',
    '/shows/the-glass-orchard/lumen-theatre/calendar/2026-02-30',
    '/shows/the-glass-orchard/lumen-theatre/tickets/not-an-id',
    '/a/path/that/does/not/exist',
  ];
  for (const path of notFoundPaths) {
    it(`shows the not-found page for ${path}`, async () => {
      const { context, page } = await newBuyer(browser);
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('h1', { hasText: 'Page not found' }).waitFor();
      // The title follows the heading in the page's effects.
      await expect.poll(() => page.title()).toContain('Page not found');
      await expectAccessible(page, `not-found (${path})`);
      await context.close();
    });
  }

  it('serves the app with a Content-Security-Policy that forbids inline and foreign scripts', async () => {
    const { context, page } = await newBuyer(browser);
    const response = await page.goto(`${baseUrl()}/`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await context.close();
  });
});

describe('pages reachable without a basket', () => {
  const pages = [
    { path: '/membership', heading: 'Memberships' },
    { path: '/subscriptions', heading: 'Subscriptions' },
    { path: '/checkout/failed', heading: 'There has been a problem with your payment' },
  ];
  for (const { path, heading } of pages) {
    it(`shows ${path} with its heading and no accessibility violations`, async () => {
      const { context, page } = await newBuyer(browser);
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('h1', { hasText: heading }).waitFor();
      await expectAccessible(page, path);
      await context.close();
    });
  }

  it('sends a buyer with no seats held from a checkout step back to the home page', async () => {
    const { context, page } = await newBuyer(browser);
    await page.goto(`${baseUrl()}/checkout/payment`);
    await page.waitForURL(`${baseUrl()}/`);
    await page.locator('h1', { hasText: "What's on" }).waitFor();
    await context.close();
  });
});
