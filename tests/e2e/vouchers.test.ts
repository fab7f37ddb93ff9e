import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import type { VoucherKind } from '../../contract/api/paymentMethodKinds';
import { demoVoucher, type DemoVoucherPurpose } from '../../server/catalogue/seed/vouchers';
import { testCard } from '../../server/payments/sandbox/testCards';
import { launchBrowser, newBuyer, pageProblems } from './browser';
import {
  baseUrl,
  chooseCard,
  eTicketsToPayment,
  expectAccessible,
  expectNoPageErrors,
  upcomingPerformanceId,
  visit,
} from './journey';
import { holdTwoSeats } from './seats';

/**
 * Issue 15's voucher journeys in Chromium against the real server: a gift voucher that covers
 * the whole order (no card), a gift card that covers part with a 3-D Secure card for the rest, a
 * voucher number typed into the calendar's promo box and used at payment, and an expired voucher
 * refused. Each spends its own seeded voucher (server/catalogue/seed/vouchers.ts), so no two share a
 * balance; each uses its own performances, apart from the other suites'. The voucher panel is
 * used with the keyboard only; axe checks every page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function lastPerformanceId(page: Page, region: string, venue: string, show: string) {
  const response = await page.request.get(
    `${baseUrl()}/api/${region}/venues/${venue}/shows/${show}`,
  );
  const { upcoming } = ((await response.json()) as ShowContent).performances;
  expect(upcoming.length, `${show} has performances`).toBeGreaterThan(0);
  return upcoming.at(-1)!.id;
}

const voucherOf = (kind: VoucherKind, purpose: DemoVoucherPurpose) =>
  demoVoucher('uk', kind, purpose);

/** From the reserved seats to the payment step: no extras, no protection, eTickets. */
async function throughToPayment(page: Page, label: string) {
  await eTicketsToPayment(page);
  await voucherPanel(page).waitFor({ timeout: 15_000 });
  await expectAccessible(page, `${label} payment`);
}

const voucherPanel = (page: Page) =>
  page.getByRole('region', { name: 'Gift voucher or gift card' });

/** The step as the buyer sees it (test-results/vouchers-<step>-<width>.png), no wider than the screen. */
async function lookAt(page: Page, step: string) {
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: `test-results/vouchers-${step}-${width}.png`, fullPage: true });
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `${step} overflows at ${width} px`, timeout: 10_000 },
    )
    .toBe(0);
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement);

/** Tabs forward until the control is focused (keyboard only), at most `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 30) {
  for (let i = 0; i < limit; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached the control with Tab');
}

/**
 * Applies a voucher with the keyboard alone: the panel opened with Enter, the kind chosen with the
 * arrow keys, the number and code typed, Enter to apply.
 */
async function applyByKeyboard(
  page: Page,
  voucher: { kind: VoucherKind; number: string; code: string },
) {
  const panel = voucherPanel(page);
  // The form folds away until asked for: its button opens it.
  const toggle = panel.getByRole('button', { name: 'Use a gift voucher or gift card' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') {
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  }
  const first = panel.getByRole('radio', { name: 'Gift voucher' });
  await tabTo(
    page,
    (await first.isChecked()) ? first : panel.getByRole('radio', { name: 'Gift card' }),
  );
  const wanted = panel.getByRole('radio', {
    name: voucher.kind === 'gift_card' ? 'Gift card' : 'Gift voucher',
  });
  if (!(await wanted.isChecked()))
    await page.keyboard.press(voucher.kind === 'gift_card' ? 'ArrowDown' : 'ArrowUp');
  await expect.poll(() => wanted.isChecked()).toBe(true);
  const [numberLabel, codeLabel] =
    voucher.kind === 'gift_card'
      ? ['Gift card number', 'Gift card access number']
      : ['Voucher number', 'Redemption code'];
  await page.keyboard.press('Tab');
  expect(await isFocused(panel.getByLabel(numberLabel))).toBe(true);
  await page.keyboard.type(voucher.number);
  await page.keyboard.press('Tab');
  expect(await isFocused(panel.getByLabel(codeLabel))).toBe(true);
  await page.keyboard.type(voucher.code);
  await page.keyboard.press('Enter');
}

/** Whole pounds as the shop shows them ("£10"), pence when there are any ("£10.50"). */
const pounds = (amount: number) =>
  `£${amount % 100 === 0 ? amount / 100 : (amount / 100).toFixed(2)}`;

const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

async function confirmation(page: Page) {
  await page.waitForURL('**/checkout/confirmation**', { timeout: 30_000 });
  await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor();
  return page.locator('main').innerText();
}

describe('paying with gift vouchers and gift cards', () => {
  it('a gift voucher covering the whole order confirms it with no card', async () => {
    const started = Date.now();
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/vouchers-full.png', fullPage: true });
    });
    const voucher = voucherOf('gift_voucher', 'full');
    const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'echoes-of-avalon', 1);
    await visit(page, `/shows/echoes-of-avalon/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: 1, fromRow: -1 });
    await throughToPayment(page, 'full cover');

    await applyByKeyboard(page, voucher);
    const panel = voucherPanel(page);
    const ending = voucher.number.replace(/\D/g, '').slice(-4);
    await panel
      .getByRole('button', { name: `Remove gift voucher ending ${ending}` })
      .waitFor({ timeout: 15_000 });
    await panel.getByText('Nothing left to pay: your vouchers cover this order.').waitFor();
    expect(await panel.innerText()).toMatch(
      /Gift card applied\. Remaining balance: £[\d,.]+, valid until/,
    );
    // Nothing to pay: no card is asked for.
    expect(await page.getByLabel('Card number', { exact: true }).count()).toBe(0);
    await expectAccessible(page, 'full cover applied');
    await page.getByRole('button', { name: 'Confirm order' }).click();
    const text = await confirmation(page);
    expect(text).toContain(`Gift voucher ending ${ending}`);
    await expectAccessible(page, 'full cover confirmation');
    expectNoPageErrors(page);
    await context.close();
    console.info(`[vouchers e2e] full cover: ${Date.now() - started} ms`);
  });

  it('a gift card covers part, and a card with a 3-D Secure challenge pays the rest', async () => {
    const started = Date.now();
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/vouchers-card.png', fullPage: true });
    });
    const giftCard = voucherOf('gift_card', 'journey-card');
    const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'echoes-of-avalon', 5);
    await visit(page, `/shows/echoes-of-avalon/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: 1, fromRow: -1 });
    await throughToPayment(page, 'part cover');

    const pay = page.getByRole('button', { name: /^Pay £[\d,]+(\.\d\d)?$/ });
    const before = minor(await pay.innerText());
    await applyByKeyboard(page, giftCard);
    const panel = voucherPanel(page);
    const ending = giftCard.number.replace(/\D/g, '').slice(-4);
    await panel
      .getByRole('button', { name: `Remove gift card ending ${ending}` })
      .waitFor({ timeout: 15_000 });
    // The card's balance is taken off: the panel and the Pay button say what is left.
    expect(await panel.innerText()).toContain(`${pounds(giftCard.balance)} taken off this order`);
    expect(await panel.innerText()).toMatch(/Left to pay: £[\d,.]+/);
    await expect.poll(async () => minor(await pay.innerText())).toBe(before - giftCard.balance);
    await expectAccessible(page, 'part cover applied');
    await lookAt(page, 'part-cover');

    const card = testCard('visa', 'challenge');
    // With card and PayPal both usable, nothing is chosen for the buyer.
    await chooseCard(page);
    await page.getByLabel('Card number', { exact: true }).fill(card.number);
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
    await page.getByLabel('Security code (CVV)').fill('123');
    await pay.click();
    await page.locator('h1', { hasText: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'part cover 3-D Secure');
    await page.getByRole('button', { name: 'Authenticate' }).click();
    const text = await confirmation(page);
    expect(text).toContain(`Gift card ending ${ending}`);
    expect(text).toContain(`Visa ending ${card.number.slice(-4)}`);
    await expectAccessible(page, 'part cover confirmation');
    expectNoPageErrors(page);
    await context.close();
    console.info(`[vouchers e2e] part cover + 3-D Secure: ${Date.now() - started} ms`);
  });

  it('a voucher number typed into the promo box is kept and used at the payment step', async () => {
    const started = Date.now();
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/vouchers-promo.png', fullPage: true });
    });
    const voucher = voucherOf('gift_voucher', 'journey-promo');
    await visit(page, '/shows/the-mill-girls/northern-playhouse/calendar/');
    const field = page.getByRole('textbox', { name: 'Promo code' });
    await field.fill(voucher.number);
    await page.getByRole('button', { name: 'Apply' }).click();
    const status = page.getByRole('status').filter({ hasText: 'gift voucher or gift card number' });
    await status.waitFor({ timeout: 15_000 });
    expect(await status.innerText()).not.toContain('The code is invalid');
    await expectAccessible(page, 'promo box voucher');

    // The show's last upcoming performance: the other suites book its first few.
    const id = await lastPerformanceId(page, 'uk', 'northern-playhouse', 'the-mill-girls');
    await visit(page, `/shows/the-mill-girls/northern-playhouse/tickets/${id}`);
    await holdTwoSeats(page, { section: 1, fromRow: -1 });
    await throughToPayment(page, 'promo voucher');
    const panel = voucherPanel(page);
    // The number is there already; the caret waits in the code field.
    // (The promo box drops the spaces of the printed groups, as it does for any code.)
    expect(await panel.getByLabel('Voucher number').inputValue()).toBe(
      voucher.number.replace(/\s/g, ''),
    );
    const code = panel.getByLabel('Redemption code');
    await expect.poll(() => isFocused(code), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type(voucher.code);
    await page.keyboard.press('Enter');
    const ending = voucher.number.replace(/\D/g, '').slice(-4);
    await panel
      .getByRole('button', { name: `Remove gift voucher ending ${ending}` })
      .waitFor({ timeout: 15_000 });
    expect(await panel.innerText()).toContain(`${pounds(voucher.balance)} taken off this order`);
    await expectAccessible(page, 'promo voucher applied');
    // The rest by card (frictionless 3-D Secure): the order is paid with both.
    await chooseCard(page);
    const card = testCard('visa', 'approve');
    await page.getByLabel('Card number', { exact: true }).fill(card.number);
    await page.getByLabel('Name on card').fill('Ada Lovelace');
    await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
    await page.getByLabel('Security code (CVV)').fill('123');
    await page.getByRole('button', { name: /^Pay £[\d,]+(\.\d\d)?$/ }).click();
    const text = await confirmation(page);
    expect(text).toContain(`Gift voucher ending ${ending}`);
    expect(text).toContain(`Visa ending ${card.number.slice(-4)}`);
    await expectAccessible(page, 'promo voucher confirmation');
    expectNoPageErrors(page);
    await context.close();
    console.info(`[vouchers e2e] promo box: ${Date.now() - started} ms`);
  });

  it('an expired gift voucher is refused with a clear message, the number kept', async () => {
    const started = Date.now();
    // On a phone: the panel, its refusal and the kept number fit a 390 px screen.
    const { context, page } = await newBuyer(browser, { viewport: { width: 390, height: 844 } });
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/vouchers-expired.png', fullPage: true });
    });
    const voucher = voucherOf('gift_voucher', 'expired');
    const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'echoes-of-avalon', 4);
    await visit(page, `/shows/echoes-of-avalon/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: 1, fromRow: -1 });
    await throughToPayment(page, 'expired');

    await applyByKeyboard(page, voucher);
    const panel = voucherPanel(page);
    const number = panel.getByLabel('Voucher number');
    await panel
      .getByText("This gift voucher has expired, so it can't be used.")
      .waitFor({ timeout: 15_000 });
    await expect.poll(() => isFocused(number)).toBe(true);
    expect(await number.inputValue()).toBe(voucher.number);
    expect(await panel.getByRole('list').count()).toBe(0);
    await expectAccessible(page, 'expired refused');
    await lookAt(page, 'expired');
    // The refusal itself is the one failed request the browser reports.
    expect(pageProblems(page).filter((problem) => !/status of 422/.test(problem))).toEqual([]);
    await context.close();
    console.info(`[vouchers e2e] expired: ${Date.now() - started} ms`);
  });
});
