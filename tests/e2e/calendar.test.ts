import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newBuyer } from './browser';
import { expectAccessible, expectNoPageErrors, moveTo, visit } from './journey';

/**
 * Choosing a date on the real calendar (GraphQL booking API, seeded catalogue), by keyboard
 * only, from a buyer whose clock is in New York while the show is in London.
 */
const CALENDAR = '/shows/the-glass-orchard/lumen-theatre/calendar/';
const GRID = '?force-opty=calendarLayout:grid';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function monthName(page: Page): Promise<string> {
  return (
    await page.getByRole('navigation', { name: 'Choose a month' }).locator('h2').innerText()
  ).trim();
}

describe('calendar journey', () => {
  it('moves a month, picks a performance with the keyboard and lands on its tickets', async () => {
    const { context, page } = await newBuyer(browser, { timezoneId: 'America/New_York' });
    await visit(page, `${CALENDAR}${GRID}`);
    const grid = page.getByRole('grid');
    await grid.waitFor();
    await expect.poll(() => page.getByText('Prices shown are starting prices.').count()).toBe(1);
    await expect
      .poll(() =>
        page.getByText(/An order may incur a transaction fee of up to £\d+(\.\d\d)?\./).count(),
      )
      .toBe(1);
    // Lumen's week starts on Monday.
    expect((await grid.getByRole('columnheader').first().innerText()).trim()).toMatch(/^Mon/);
    await expectAccessible(page, 'calendar, first month');

    const first = await monthName(page);
    const next = page.getByRole('button', { name: 'Next month' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => monthName(page)).not.toBe(first);
    await expect.poll(() => page.url()).toMatch(/\/calendar\/\d{4}-\d{2}-01/);
    await grid.waitFor();
    await expectAccessible(page, 'calendar, next month');

    // One Tab from the month bar lands in the grid; the arrow keys move to a bookable night.
    await page.keyboard.press('Tab');
    const focusedInGrid = () =>
      page.evaluate(() => document.activeElement?.closest('[role="grid"]') !== null);
    expect(await focusedInGrid()).toBe(true);
    await page.keyboard.press('ArrowRight');
    for (let step = 0; step < 10; step += 1) {
      const tag = await page.evaluate(() => document.activeElement?.tagName);
      if (tag === 'A') break;
      await page.keyboard.press('ArrowRight');
    }
    const chosen = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(chosen).toMatch(/\/tickets\/[0-9A-F-]{36}$/);
    // The London evening reads as London time, though this buyer's clock is in New York.
    const time = await page.evaluate(
      () => document.activeElement?.querySelector('time')?.textContent,
    );
    expect(time).toMatch(/^(1[0-9]|2[0-3]):[0-5]\d$/);
    await moveTo(page, chosen!, () => page.keyboard.press('Enter'));
    expectNoPageErrors(page);
    await context.close();
  });

  it('shows the invalid promo link page for an expired code', async () => {
    const { context, page } = await newBuyer(browser);
    await visit(page, `${CALENDAR}?pc=WINTER5`);
    await expect
      .poll(async () => (await page.locator('h1').first().innerText()).trim())
      .toBe('This promo link is invalid or has expired');
    await expect
      .poll(() =>
        page.getByText('Sorry, the promo code you used is invalid or has expired.').count(),
      )
      .toBe(1);
    await expectAccessible(page, 'invalid promo link page');
    await page.getByRole('button', { name: 'See all dates without a code' }).click();
    await page.getByRole('navigation', { name: 'Choose a month' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expectNoPageErrors(page);
    await context.close();
  });

  it('applies a code from a link and asks before removing it', async () => {
    const { context, page } = await newBuyer(browser);
    await visit(page, `${CALENDAR}${GRID}&pc=orchard10`);
    await expect
      .poll(() => page.getByText('Promo code applied. Your offer is now unlocked.').count())
      .toBe(1);
    await expect.poll(() => page.getByText(/with your code/).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'calendar with a promo code');
    await page.getByRole('button', { name: 'Remove promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove promo code?' });
    await dialog.waitFor();
    await expectAccessible(page, 'remove promo code dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove promo code' }).click();
    await dialog.getByRole('button', { name: 'Remove code' }).click();
    await expect.poll(() => page.getByText(/with your code/).count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('pc')).toBeNull();
    expectNoPageErrors(page);
    await context.close();
  });

  it('stays accessible as a list of days and on a phone-sized screen', async () => {
    const { context, page } = await newBuyer(browser, { viewport: { width: 375, height: 800 } });
    await visit(page, `${CALENDAR}${GRID}`);
    await page.getByRole('grid').waitFor();
    await expectAccessible(page, 'calendar grid on a phone');
    await visit(page, `${CALENDAR}?force-opty=calendarLayout:list`);
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    expect(await page.getByRole('grid').count()).toBe(0);
    await expectAccessible(page, 'calendar as a list');
    expectNoPageErrors(page);
    await context.close();
  });
});
