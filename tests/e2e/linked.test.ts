import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser } from 'playwright-core';
import { testCard } from '../../server/payments/sandbox/testCards';
import { launchBrowser, newBuyer } from './browser';
import {
  chooseCard,
  eTicketsToPayment,
  expectAccessible,
  expectNoPageErrors,
  visit,
} from './journey';
import { holdTwoSeats } from './seats';

/**
 * Issue 24's two-part show in Chromium against the real server: The Salt Road at the Lumen is
 * chosen on the calendar as one choice, its seats page names both parts and reads both, and the
 * seats are bought through to a confirmation whose tickets are for both parts with their dates.
 * axe checks every step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PART_LINE = /^Part (One|Two): \w{3}, \d{1,2} \w+ \d{4}, \d{2}:\d{2}$/;

describe('a two-part show', () => {
  it('is chosen as one on the calendar and booked to a confirmation listing both parts', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/linked-failed.png', fullPage: true });
    });

    await visit(
      page,
      '/shows/the-salt-road/lumen-theatre/calendar/?force-opty=calendarLayout:list',
    );
    // Each pair is one choice: Part One's time, "Two parts" and when Part Two plays.
    const choice = page.getByRole('link', { name: /Two parts Part Two: / }).first();
    await choice.waitFor();
    await expectAccessible(page, 'two-part calendar');
    await choice.click();

    await page.waitForURL('**/tickets/**');
    await page.getByText('This show is in two parts.', { exact: false }).waitFor();
    // The linked availabilities flow has read Part Two without a word of failure.
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Checking' }).count())
      .toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    const parts = page.getByRole('listitem').filter({ hasText: /^Part (One|Two): / });
    await expect.poll(() => parts.count()).toBe(2);
    for (const line of await parts.allInnerTexts()) expect(line.trim()).toMatch(PART_LINE);
    await expectAccessible(page, 'two-part seats');
    await holdTwoSeats(page, { section: 2, fromRow: 3 });
    await expectAccessible(page, 'two-part review');

    await eTicketsToPayment(page);
    const drawer = page.getByRole('region', { name: 'Your basket' });
    await expect.poll(() => drawer.getByText(/^Part Two: /).count()).toBe(1);
    const basket = await drawer.innerText();
    expect(basket).toContain('The Salt Road: Parts One and Two');
    expect(basket).toMatch(/Part One: .*\d{2}:\d{2}/);
    await expectAccessible(page, 'two-part payment');

    await chooseCard(page);
    await page.getByLabel('Card number').fill(testCard('visa', 'approve').number);
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
    await page.getByLabel('Security code (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pay £[\d,]+(\.\d\d)?$/ }).click();

    await page.waitForURL('**/checkout/confirmation**', { timeout: 30_000 });
    await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor();
    const main = page.locator('main');
    const confirmed = main.getByRole('listitem').filter({ hasText: /^Part (One|Two): / });
    await expect.poll(() => confirmed.count()).toBe(2);
    const lines = (await confirmed.allInnerTexts()).map((line) => line.trim());
    expect(lines.map((line) => line.slice(0, 9))).toEqual(['Part One:', 'Part Two:']);
    for (const line of lines) expect(line).toMatch(PART_LINE);
    expect(await main.innerText()).toContain('Each ticket is for both parts, in the same seat.');
    const codes = page.getByRole('img', { name: /^Ticket for .*, Row .*, Seat \d+/ });
    await expect.poll(() => codes.count()).toBe(2);
    await expectAccessible(page, 'two-part confirmation');
    expectNoPageErrors(page);
    await context.close();
  });
});
