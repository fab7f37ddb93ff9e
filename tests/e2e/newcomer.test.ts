import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectAccessible, expectNoPageErrors, heading, visit } from './journey';

/**
 * A newcomer's path from the venue page to a show page and on to its calendar, in two venues
 * of different regions and locales. The buyer sits in London; the New York show must still be
 * shown in New York time.
 */
const journeys = [
  {
    venue: 'lumen-theatre',
    region: 'uk',
    venueName: 'The Lumen Theatre',
    show: 'the-glass-orchard',
    lang: 'en-GB',
    timeZone: 'Europe/London',
  },
  {
    venue: 'hudson-stage',
    region: 'us-east',
    venueName: 'The Hudson Stage',
    show: 'the-glass-orchard',
    lang: 'en-US',
    timeZone: 'America/New_York',
  },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('newcomer journey', () => {
  it('lists every demo venue on the What’s on page', async () => {
    const { context, page } = await newBuyer(browser);
    await visit(page, '/');
    for (const { venueName } of journeys) {
      await expect
        .poll(() => page.getByRole('link', { name: venueName }).count())
        .toBeGreaterThan(0);
    }
    await expectAccessible(page, 'What’s on');
    expectNoPageErrors(page);
    await context.close();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    it(`finds a show on What’s on by search and date, in the shop's own frame (${viewport.width} px)`, async () => {
      const { context, page } = await newBuyer(browser, { viewport });
      await visit(page, '/');
      await page
        .getByRole('status')
        .filter({ hasText: /\d+ shows/ })
        .waitFor();
      await expect.poll(() => page.title()).toBe("What's on | Stagedoor");
      // The shop's logo, not one of the eight venues'.
      expect(await page.getByRole('link', { name: 'Stagedoor home' }).count()).toBe(1);
      // An en-GB buyer meets the UK first.
      expect(await page.locator('main h2').first().innerText()).toBe('United Kingdom');
      // Nothing wider than the screen (WCAG 1.4.10).
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: `test-results/whats-on-${viewport.width}.png`,
        fullPage: true,
      });

      await page.getByRole('searchbox', { name: 'Search shows or venues' }).fill('orchard');
      await page.getByRole('combobox', { name: 'Date' }).selectOption({ label: 'Next 30 days' });
      await expect.poll(() => page.getByRole('status').innerText()).toBe('2 shows');
      await expectAccessible(page, 'What’s on, filtered');
      // The filtered list is an address: it survives a reload.
      expect(new URL(page.url()).search).toBe('?q=orchard&when=month');
      await page.reload();
      await expect.poll(() => page.getByRole('status').innerText()).toBe('2 shows');
      expect(
        await page.getByRole('searchbox', { name: 'Search shows or venues' }).inputValue(),
      ).toBe('orchard');
      expectNoPageErrors(page);
      await context.close();
    });
  }

  for (const journey of journeys) {
    it(`goes from venue to show to calendar at ${journey.venue} (${journey.lang})`, async () => {
      const { context, page } = await newBuyer(browser, { timezoneId: 'Europe/London' });
      await visit(page, `/venues/${journey.venue}/`);
      expect(await heading(page)).toContain(journey.venueName);
      expect(await page.getAttribute('html', 'lang')).toBe(journey.lang);
      await expectAccessible(page, `${journey.venue} venue page`);

      const show = (await (
        await page.request.get(
          `${baseUrl()}/api/${journey.region}/venues/${journey.venue}/shows/${journey.show}`,
        )
      ).json()) as ShowContent;
      await page
        .getByRole('link', { name: new RegExp(show.title) })
        .first()
        .click();
      await page.waitForURL(`**/shows/${journey.show}/${journey.venue}/`);
      await page.locator('h1', { hasText: show.title }).waitFor();
      await expectAccessible(page, `${journey.show} show page`);

      // The next performance is shown at the venue's wall-clock time, not the buyer's.
      const next = show.performances.upcoming[0];
      expect(next).toBeDefined();
      const venueTime = new Intl.DateTimeFormat(journey.lang, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone: journey.timeZone,
      }).format(new Date(next!.startsAt));
      await expect.poll(() => page.locator('main').innerText()).toContain(venueTime);
      // Each next performance on sale books straight into its seats, as the calendar does.
      const nextLink = page
        .getByRole('region', { name: 'Next performances' })
        .getByRole('link', { name: new RegExp(venueTime) })
        .first();
      expect(await nextLink.getAttribute('href')).toMatch(
        new RegExp(`/shows/${journey.show}/${journey.venue}/tickets/[0-9A-F-]{36}$`),
      );
      await page.screenshot({
        path: `test-results/show-page-${journey.venue}.png`,
        fullPage: true,
      });

      await page
        .getByRole('link', { name: /choose a date|book tickets|see dates/i })
        .first()
        .click();
      await page.waitForURL(`**/shows/${journey.show}/${journey.venue}/calendar/**`);
      // The URL changes a moment before the calendar replaces the show page.
      await page.locator('h1', { hasText: 'Choose a date' }).waitFor();
      await expectAccessible(page, `${journey.show} calendar`);
      expectNoPageErrors(page);
      await context.close();
    });
  }
});
