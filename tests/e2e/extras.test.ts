import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectAccessible, expectNoPageErrors, visit } from './journey';

/**
 * After the review, in Chromium against the real server: Extras priced by the booking API, the
 * price drawer beside the steps (or folded on a phone), and the explicit ticket protection
 * answer, each saved with PUT /holds/:id/basket before the buyer goes on. axe checks each step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function holdArenaSeats(page: Page, quantity: string) {
  const response = await page.request.get(
    `${baseUrl()}/api/us-east/venues/harbor-arena/shows/harbor-lights-live`,
  );
  const content = (await response.json()) as ShowContent;
  const id = content.performances.upcoming[0]?.id;
  if (!id) throw new Error('Harbor Lights Live has no upcoming performance');
  await visit(page, `/shows/harbor-lights-live/harbor-arena/tickets/${id}`);
  await page.getByRole('radio', { name: 'Find the best available seats for me' }).check();
  await page.getByLabel('Number of tickets').selectOption(quantity);
  await page.getByRole('button', { name: 'Find the best seats' }).click();
  await page.waitForURL('**/checkout/reservations');
  await page.locator('h1', { hasText: 'Best available tickets' }).waitFor();
}

const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('extras and ticket protection', () => {
  it('adds an extra to the server-priced total, then asks for and saves a protection answer', async () => {
    const { context, page } = await newBuyer(browser);
    await holdArenaSeats(page, '2');
    const drawer = page.getByRole('region', { name: 'Your cart' });
    const total = drawer.locator('p', { hasText: 'Total' });
    await total.waitFor();
    // Harbor Arena shows its per-order transaction fee on a line of its own.
    expect(await drawer.getByText('Transaction fee').count()).toBe(1);
    const before = money(await total.innerText());
    await expectAccessible(page, 'review with the drawer');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/checkout/extras');
    await page.locator('h1', { hasText: 'Extras' }).waitFor();
    const drinks = page.getByRole('group', { name: /^Drinks voucher for two/ });
    const price = money(
      await page
        .locator('li', { has: drinks })
        .getByText(/ each$/)
        .innerText(),
    );
    await drinks.getByRole('button', { name: /^Add one / }).click();
    await expect.poll(async () => money(await total.innerText())).toBeCloseTo(before + price, 2);
    // Said once the server has priced the change, in US English at a US venue.
    await page
      .getByRole('status')
      .filter({ hasText: /^Drinks voucher for two: 1\. Cart total \$[\d,.]+\.$/ })
      .waitFor({ state: 'attached' });
    await expectAccessible(page, 'extras');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/checkout/ticket-protection');
    await page.locator('h1', { hasText: 'Ticket refund protection' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please select an answer').waitFor();
    await expectAccessible(page, 'protection unanswered');
    await page.getByRole('radio', { name: 'Yes, protect my tickets' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/checkout/collection');
    await expect
      .poll(() => drawer.getByText(/^Ticket refund protection, 2 tickets$/).count())
      .toBe(1);
    expectNoPageErrors(page);
    await context.close();
  });

  it('folds the basket behind its button on a phone', async () => {
    const { context, page } = await newBuyer(browser, { viewport: { width: 390, height: 844 } });
    await holdArenaSeats(page, '1');
    const toggle = page.getByRole('button', { name: /^Your cart \$/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // A folded summary at the top of the step, so the total is read before the step's controls.
    const summaryBox = (await toggle.boundingBox())!;
    const continueBox = (await page.getByRole('button', { name: 'Continue' }).boundingBox())!;
    expect(summaryBox.y).toBeLessThan(continueBox.y);
    await page.screenshot({ path: 'test-results/extras-review-390.png', fullPage: true });
    // The basket's own lines (the review step lists its total's lines under the seats too),
    // in the body the button folds.
    const body = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    const basketFee = body.getByText('Transaction fee');
    expect(await basketFee.isVisible()).toBe(false);
    // Harbor Arena's displayTransactionFeeInPriceDrawer: the fee is still a line while folded.
    const foldedFee = page.getByRole('complementary').getByText('Transaction fee').first();
    expect(await foldedFee.isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await basketFee.isVisible()).toBe(true);
    // Open, its lines wrap within the phone's width: nothing scrolls sideways (WCAG 1.4.10).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({
      path: 'test-results/extras-review-390-basket-open.png',
      fullPage: true,
    });
    await expectAccessible(page, 'phone review with the drawer open');
    expectNoPageErrors(page);
    await context.close();
  });
});
