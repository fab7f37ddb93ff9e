import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { testCard } from '../../server/payments/sandbox/testCards';
import { launchBrowser, newBuyer } from './browser';
import {
  baseUrl,
  eTicketsToPayment,
  expectAccessible,
  expectNoPageErrors,
  upcomingPerformanceId,
} from './journey';
import { startOwnServer, type OwnServer } from './ownServer';
import { holdTwoSeats } from './seats';

/**
 * Issue 15's ways to pay in Chromium against the real server and the sandbox provider: PayPal
 * approved; PayPal cancelled, then a card with a 3-D Secure challenge on the same hold; the
 * sandbox's Google Pay sheet declined, then approved; and, on a server of its own whose operator
 * switched every pay method off (PAYMENT_METHODS), a basket that nothing usable can pay for.
 * The chooser and the wallet sheet are worked by keyboard only; axe checks every page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, base: string, path: string) {
  await page.goto(`${base}${path}`);
  await page.locator('h1').first().waitFor();
}

/**
 * Before axe: the chooser fully in view, not under the sticky Pay bar (a radio half under the
 * bar is a target axe measures as obscured, wherever the page happens to be scrolled).
 */
async function chooserInView(page: Page) {
  await chooser(page).evaluate((group) => group.scrollIntoView({ block: 'center' }));
}

const chooser = (page: Page) => page.getByRole('group', { name: 'How would you like to pay?' });

/**
 * Chooses a method by keyboard: focus lands on the group's first radio (as Tab would), and the
 * arrow keys move the choice until the named one is checked.
 */
async function chooseByKeyboard(page: Page, name: string) {
  const group = chooser(page);
  await group.getByRole('radio').first().waitFor({ timeout: 15_000 });
  const target = group.getByRole('radio', { name });
  await target.waitFor();
  await group.getByRole('radio').first().focus();
  for (let step = 0; step < 6 && !(await target.isChecked()); step += 1)
    await page.keyboard.press(step === 0 ? 'Space' : 'ArrowDown');
  expect(await target.isChecked()).toBe(true);
}

/** Presses the Pay button by keyboard. */
async function payByKeyboard(page: Page, name: RegExp) {
  const pay = page.getByRole('button', { name });
  await pay.focus();
  await page.keyboard.press('Enter');
}

async function confirmation(page: Page): Promise<string> {
  await page.waitForURL('**/checkout/confirmation**', { timeout: 30_000 });
  await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor();
  return page.locator('main').innerText();
}

describe('more ways to pay', () => {
  it('PayPal: approved on the approval page, captured once, confirmed as paid with PayPal', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/paypal-approve.png', fullPage: true });
    });
    const id = await upcomingPerformanceId(page, 'uk', 'northern-playhouse', 'the-mill-girls', 5);
    await open(page, baseUrl(), `/shows/the-mill-girls/northern-playhouse/tickets/${id}`);
    await holdTwoSeats(page, { section: /^(Stalls|Upper Circle)/ });
    await eTicketsToPayment(page);
    await chooseByKeyboard(page, 'PayPal');
    await chooserInView(page);
    await expectAccessible(page, 'payment, PayPal chosen');
    await payByKeyboard(page, /^Pay £[\d,.]+ with PayPal$/);
    await page.locator('h1', { hasText: 'Approve your payment' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'sandbox PayPal');
    await page.getByRole('button', { name: 'Approve' }).click();
    const text = await confirmation(page);
    expect(text).toContain('Paid with PayPal');
    await expectAccessible(page, 'PayPal confirmation');
    expectNoPageErrors(page);
    await context.close();
  });

  it('PayPal cancelled: back on the payment step with the hold, then a card with 3-D Secure', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/paypal-cancel.png', fullPage: true });
    });
    const id = await upcomingPerformanceId(page, 'uk', 'northern-playhouse', 'the-mill-girls', 3);
    await open(page, baseUrl(), `/shows/the-mill-girls/northern-playhouse/tickets/${id}`);
    await holdTwoSeats(page, { section: /^(Stalls|Upper Circle)/ });
    const seats = await page.getByRole('region', { name: 'Your basket' }).innerText();
    await eTicketsToPayment(page);
    await chooseByKeyboard(page, 'PayPal');
    await payByKeyboard(page, /^Pay £[\d,.]+ with PayPal$/);
    await page.locator('h1', { hasText: 'Approve your payment' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.waitForURL('**/checkout/payment', { timeout: 30_000 });
    const notice = page.getByText('You cancelled your PayPal payment');
    await notice.waitFor({ timeout: 15_000 });
    // Focus is on the notice, so a screen reader reads it; the basket and its hold are intact.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain('your seats are still reserved');
    expect(await page.getByRole('timer').count()).toBe(1);
    const basket = page.getByRole('region', { name: 'Your basket' });
    await expect.poll(() => basket.innerText()).toContain(seats.split('\n')[0]!);
    await chooserInView(page);
    await expectAccessible(page, 'payment after PayPal cancel');

    await chooseByKeyboard(page, 'Credit or debit card');
    const card = testCard('visa', 'challenge');
    await page.getByLabel('Card number').fill(card.number);
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
    await page.getByLabel('Security code (CVV)').fill('123');
    await payByKeyboard(page, /^Pay £[\d,.]+$/);
    await page.locator('h1', { hasText: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Authenticate' }).click();
    const text = await confirmation(page);
    expect(text).toContain(`Paid with Visa ending ${card.number.slice(-4)}`);
    await expectAccessible(page, 'card confirmation after PayPal cancel');
    expectNoPageErrors(page);
    await context.close();
  });

  it('Google Pay (sandbox sheet): declined, every method still there, then approved', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/google-pay.png', fullPage: true });
    });
    const id = await upcomingPerformanceId(page, 'uk', 'northern-playhouse', 'the-mill-girls', 4);
    await open(page, baseUrl(), `/shows/the-mill-girls/northern-playhouse/tickets/${id}`);
    await holdTwoSeats(page, { section: /^(Stalls|Upper Circle)/ });
    await eTicketsToPayment(page);
    // Not told to offer the sandbox wallets: no wallet at all, never a dead button.
    await chooser(page).getByRole('radio').first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('Google Pay').count()).toBe(0);
    // The demo switch, as the README gives it: the step's address with ?wallets=sandbox.
    await open(page, baseUrl(), '/checkout/payment?wallets=sandbox');
    await chooseByKeyboard(page, 'Google Pay');
    await chooserInView(page);
    await expectAccessible(page, 'payment, Google Pay chosen');
    const pay = /^Pay £[\d,.]+ with Google Pay$/;
    await payByKeyboard(page, pay);
    const sheet = page.getByRole('dialog', { name: 'Google Pay (demo)' });
    await sheet.waitFor();
    await expectAccessible(page, 'sandbox wallet sheet');
    // Escape cancels: nothing paid, the step as it was.
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });

    await payByKeyboard(page, pay);
    await sheet.waitFor();
    // Focus starts on the sheet's first card; Tab moves to the declining one, inside the sheet.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/ending 0002, declines/);
    await page.keyboard.press('Enter');
    const declined = page.getByText(
      'Your wallet payment was declined. Please try another payment method.',
    );
    await declined.waitFor({ timeout: 30_000 });
    expect(page.url()).toMatch(/\/checkout\/payment/);
    expect(
      await chooser(page)
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((r) => r.getAttribute('value'))),
    ).toEqual(
      // The sandbox sheet stands in for either wallet, in the venue's order.
      ['card', 'google_pay', 'apple_pay', 'paypal'],
    );
    await chooserInView(page);
    await expectAccessible(page, 'payment, wallet declined');

    await payByKeyboard(page, pay);
    await sheet.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/ending 1111, approves/);
    await page.keyboard.press('Enter');
    const text = await confirmation(page);
    expect(text).toContain('Paid with Google Pay (Visa ending 1111)');
    await expectAccessible(page, 'Google Pay confirmation');
    expectNoPageErrors(page);
    await context.close();
  });
});

describe('no usable way to pay', () => {
  let server: OwnServer;
  let base: string;

  beforeAll(async () => {
    // The operator switched card, PayPal and the wallets off (a provider outage): a basket the
    // vouchers do not cover can then be paid no way at all.
    server = await startOwnServer({
      name: 'methods',
      env: { PAYMENT_METHODS: 'gift_voucher,gift_card' },
    });
    base = server.base;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("every pay method switched off: the spec's words and the venue phone, no Pay button", async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/no-method.png', fullPage: true });
    });
    const response = await page.request.get(
      `${base}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`,
    );
    const show = (await response.json()) as ShowContent;
    const id = show.performances.upcoming[1]!.id;
    await open(page, base, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: /^(Stalls|Upper Circle)/ });
    await eTicketsToPayment(page);
    await page
      .getByText("We've been unable to process your transaction. Please contact us")
      .waitFor({ timeout: 15_000 });
    const phone = page
      .locator('main')
      .getByRole('link', { name: /^[+\d\s()-]+$/ })
      .first();
    expect(await phone.getAttribute('href')).toMatch(/^tel:/);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await chooser(page).count()).toBe(0);
    // Each method the venue offers is explained, not hidden.
    expect(await page.locator('main').innerText()).toContain(
      'PayPal is not available at the moment.',
    );
    await expectAccessible(page, 'payment with no usable method');
    expectNoPageErrors(page);
    await context.close();
  });
});
