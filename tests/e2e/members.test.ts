import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SEAT_FLAGS } from '../../contract/api/constants';
import type { ShowContent } from '../../contract/api/content';
import type { SeatStatus, SeatingPlan } from '../../contract/api/holds';
import { testCard } from '../../server/payments/sandbox/testCards';
import { newAccount } from './accounts';
import { launchBrowser, newBuyer } from './browser';
import { singleSeatRule } from './seatGapRule';
import { acknowledgeNotices, holdTwoSeats } from './seats';
import {
  baseUrl,
  chooseCard,
  continueTo,
  expectAccessible,
  expectNoPageErrors,
  visit,
} from './journey';

/**
 * Issue 14's member journeys in Chromium against the real server, with the seeded demo members
 * (README): an ATG+ member's basket shows the waived transaction fee, then My account lists the
 * order with its tickets; a member with no membership meets the ATG+ presale gate, joins ATG+ by
 * card with a 3-D Secure challenge and books the presale; an Access member books a wheelchair
 * space with its companion seat; a saved profile pre-fills the checkout. axe on every page.
 */

const DEMO_PASSWORD = 'stagedoor-demo-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The sign-in page's form, as a member fills it in. */
async function fillSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs a demo member in on the sign-in page, which then returns them to `returnTo`. */
async function signIn(page: Page, email: string, venue: string, returnTo: string) {
  await visit(page, `/sign-in?${new URLSearchParams({ venue, returnTo }).toString()}`);
  await fillSignIn(page, email);
  await page.waitForURL(`**${returnTo}`, { timeout: 30_000 });
  // The page it returns to is lazy: its own heading, not the sign-in page's still on screen
  // while the route's chunk arrives, says it is there.
  await page.locator('h1', { hasNotText: 'Sign in' }).first().waitFor({ timeout: 30_000 });
}

/** The show's upcoming performances on general sale, the `nth` first and then the others. */
async function performancesOnSale(
  page: Page,
  region: string,
  venue: string,
  show: string,
  nth: number,
): Promise<string[]> {
  const response = await page.request.get(
    `${baseUrl()}/api/${region}/venues/${venue}/shows/${show}`,
  );
  const content = (await response.json()) as ShowContent;
  const ids = content.performances.upcoming
    .filter((each) => !each.isPresale)
    .map((each) => each.id);
  if (!ids[nth]) throw new Error(`${show} at ${venue} has no performance ${nth} on general sale`);
  return [...ids.slice(nth), ...ids.slice(0, nth)];
}

/** The show's `nth` upcoming performance on general sale. */
async function performanceId(
  page: Page,
  region: string,
  venue: string,
  show: string,
  nth: number,
): Promise<string> {
  const [id] = await performancesOnSale(page, region, venue, show, nth);
  return id!;
}

interface AccessPair {
  section: string;
  row: string;
  space: number;
  companion: number;
}

/**
 * The free wheelchair spaces of a performance with a free companion seat beside them, in plan
 * order, as the booking API's plan and live status say.
 */
async function freeAccessPairs(page: Page, region: string, performance: string) {
  const api = `${baseUrl()}/api/${region}`;
  const status = (await (
    await page.request.get(`${api}/performances/${performance}/seats`)
  ).json()) as SeatStatus;
  const plan = (await (
    await page.request.get(`${api}/plans/${status.planId}`)
  ).json()) as SeatingPlan;
  const { seats } = plan;
  const free = (seat: number) => status.status[seat] === '0';
  const has = (seat: number, flag: number) => (seats.flags[seat]! & flag) !== 0;
  // A free pair can still leave the seat beside it alone, which the Lumen refuses (issue 24).
  const rule = await singleSeatRule(page, region, performance);
  const pairs: AccessPair[] = [];
  seats.id.forEach((_, space) => {
    if (!has(space, SEAT_FLAGS.wheelchair) || !free(space)) return;
    const companion = seats.id.findIndex(
      (__, seat) =>
        seats.section[seat] === seats.section[space] &&
        seats.row[seat] === seats.row[space] &&
        Math.abs(seats.number[seat]! - seats.number[space]!) === 1 &&
        has(seat, SEAT_FLAGS.companion) &&
        free(seat),
    );
    if (companion === -1 || !rule.allows([space, companion])) return;
    pairs.push({
      section: plan.sections[seats.section[space]!]!.name,
      row: seats.row[space]!,
      space: seats.number[space]!,
      companion: seats.number[companion]!,
    });
  });
  return pairs;
}

/**
 * Picks a section and row in the list picker by name (its options also say how many seats are
 * left: "Stalls (480 available)", "Row T (12 available)"); a number picks by position.
 */
async function chooseRow(page: Page, section: string | number, row: string | number) {
  const pick = async (label: string, choice: string | number, prefix: string) => {
    const select = page.getByLabel(label, { exact: true });
    if (typeof choice === 'number') return void (await select.selectOption({ index: choice }));
    const option = select.locator('option', { hasText: new RegExp(`^${prefix}${choice} \\(`) });
    await select.selectOption({ label: (await option.first().innerText()).trim() });
  };
  await pick('Section', section, '');
  await pick('Row', row, 'Row ');
}

/** Ticks the named seats of one row in the list picker, then reserves them. */
async function holdSeats(page: Page, section: string, row: string, seats: RegExp[]) {
  await acknowledgeNotices(page);
  await chooseRow(page, section, row);
  for (const seat of seats) await page.getByRole('checkbox', { name: seat }).check();
  await page.getByRole('button', { name: 'Reserve seats' }).click();
  await page.waitForURL('**/checkout/reservations', { timeout: 30_000 });
  await page.locator('h1', { hasText: 'Check your seats' }).waitFor();
}

/** Review → Extras → protection ("No") → delivery (eTicket) → contacts. */
async function toContacts(page: Page) {
  await continueTo(page, '/checkout/extras', 'Extras');
  await continueTo(page, '/checkout/ticket-protection', 'Ticket refund protection');
  await page.getByRole('radio', { name: /^No, I don't want to protect my tickets/ }).check();
  await continueTo(page, '/checkout/collection', 'Ticket delivery');
  await expectAccessible(page, 'collection, signed in');
  await page.getByRole('radio', { name: 'eTicket' }).check();
  await continueTo(page, '/checkout/contacts', 'Contact details');
}

async function fillCard(page: Page, number: string, cvv = '123') {
  await chooseCard(page);
  await page.getByLabel('Card number', { exact: true }).fill(number);
  await page.getByLabel('Name on card').fill('Pat Plain');
  await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
  await page.getByLabel('Security code (CVV)').fill(cvv);
}

/** No sideways scrolling on a 390 px phone (WCAG 1.4.10); the page saved for review. */
async function fitsOnAPhone(page: Page, step: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(
      () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      { message: `${step} overflows at 390 px`, timeout: 10_000 },
    )
    .toBe(0);
  await page.screenshot({ path: `test-results/members-${step}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

const minor = (shown: string) => Math.round(Number(shown.replace(/[^\d.]/g, '')) * 100);

describe('members in the shop', () => {
  it('an ATG+ member sees the transaction fee waived on its own line, and finds the order in My account', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/members-atg.png', fullPage: true });
    });
    const id = await performanceId(page, 'uk', 'lumen-theatre', 'the-glass-orchard', 3);
    const seats = `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`;
    await signIn(page, 'atg@demo.stagedoor.test', 'lumen-theatre', seats);
    await expectAccessible(page, 'seats, ATG+ member');
    const [seat] = await holdTwoSeats(page, { section: /^Dress Circle/, fromRow: 'F' });
    const seatRow = /, (Row \w+),/.exec(seat!)![1]!;
    await expectAccessible(page, 'review, ATG+ member');

    // The basket names the fee and takes it off again, so the saving is plain to see.
    const drawer = page.getByRole('region', { name: 'Your basket' });
    const fee = drawer.locator('li', { hasText: /^Transaction fee/ }).first();
    const waiver = drawer.locator('li', { hasText: 'Transaction fee waived for ATG+ members' });
    await waiver.waitFor();
    const feeAmount = minor(await fee.locator(':scope > :last-child').innerText());
    expect(feeAmount).toBeGreaterThan(0);
    expect(await waiver.locator(':scope > :last-child').innerText()).toMatch(/^−£\d+(\.\d\d)?$/);
    expect(minor(await waiver.locator(':scope > :last-child').innerText())).toBe(feeAmount);

    await toContacts(page);
    await expectAccessible(page, 'contacts, pre-filled');
    // The member's saved profile fills in their details (faster checkout).
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Amara');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Grant');
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(
      'atg@demo.stagedoor.test',
    );
    await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
    await continueTo(page, '/checkout/payment', 'Payment');
    await page
      .getByRole('region', { name: 'Your basket' })
      .getByText('Transaction fee waived for ATG+ members')
      .waitFor();
    await fillCard(page, testCard('visa', 'approve').number);
    await page.getByRole('button', { name: /^Pay £[\d,]+(\.\d\d)?$/ }).click();
    // Through the bank's device-data step, which passes the confirmation's address along.
    await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor({ timeout: 30_000 });
    const text = await page.locator('main').innerText();
    const number = /Order number: (SD-[0-9A-Z]{8})/.exec(text)?.[1];
    expect(number, text).toBeDefined();

    // My account: every order of the account, this one with its tickets and their QR codes.
    await visit(page, '/account/orders?venue=lumen-theatre');
    await expectAccessible(page, 'My account orders');
    const row = page.locator('li', { hasText: `Order ${number!}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('2 tickets');
    await row.getByRole('link', { name: 'The Glass Orchard' }).click();
    await page.locator('h1', { hasText: 'Your order' }).waitFor();
    await page.getByText(`Order number: ${number!}`).waitFor();
    const codes = page.getByRole('img', {
      name: new RegExp(`^Ticket for .*, ${seatRow}, Seat \\d+`),
    });
    await expect.poll(() => codes.count()).toBe(2);
    await expectAccessible(page, 'My account order');
    await fitsOnAPhone(page, 'account-order');
    expectNoPageErrors(page);
    await context.close();
  });

  it('a member without ATG+ meets the presale gate, joins ATG+ by card with 3-D Secure, then books the presale', async () => {
    const { context, page } = await newBuyer(browser, {
      locale: 'en-US',
      timezoneId: 'America/New_York',
    });
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/members-presale.png', fullPage: true });
    });
    // An account of its own: joining ATG+ changes it for good, and other suites sign in as the
    // seeded member without a membership (plain@) on the same database.
    const account = await newAccount(page, 'hudson-stage');
    // The demo presales start 100 days out (the `presales` of venues/hudson-stage/shows/*.json).
    const presaleDay = new Date(Date.now() + 110 * 86_400_000).toISOString().slice(0, 10);
    await visit(
      page,
      `/shows/the-glass-orchard/hudson-stage/calendar/${presaleDay}?force-opty=calendarLayout:list`,
    );
    // A guest choosing the presale is asked to sign in, and brought back to its seats.
    const locked = page.getByRole('button', { name: /Presale/ }).first();
    await locked.waitFor({ timeout: 30_000 });
    await locked.click();
    const ask = page.getByRole('alertdialog', { name: 'Members can book this pre-sale' });
    await ask.waitFor();
    await expectAccessible(page, 'presale, guest');
    const signInLink = ask.getByRole('link', { name: 'Sign in' });
    const returnTo = new URL((await signInLink.getAttribute('href'))!, baseUrl()).searchParams.get(
      'returnTo',
    )!;
    expect(returnTo).toMatch(/^\/shows\/the-glass-orchard\/hudson-stage\/tickets\/[0-9A-F-]{36}$/);
    await signInLink.click();
    await page.locator('h1', { hasText: 'Sign in' }).waitFor();
    await fillSignIn(page, account.email, account.password);
    await page.waitForURL(`**${returnTo}`, { timeout: 30_000 });
    const ticketsPath = returnTo;

    // The gate, before any seat is picked: this account is not in the presale's scheme.
    const gate = page.getByRole('alertdialog', {
      name: 'Sorry your account does not qualify you for this pre-sale',
    });
    await gate.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => gate.getByRole('button', { name: 'Go to Calendar' }).isVisible())
      .toBe(true);
    await gate.getByRole('link', { name: 'See Show Information' }).waitFor();
    await expectAccessible(page, 'presale gate');
    await gate.getByRole('link', { name: 'Subscribe now' }).click();

    // /membership in the venue's words; the eligibility flag says which offers are open.
    await page.waitForURL('**/membership?**');
    await page.locator('h1', { hasText: 'Memberships' }).waitFor();
    await page
      .getByText('Only the memberships your account can join are offered to join below.')
      .waitFor();
    await page.getByRole('heading', { name: 'Hudson Access Program' }).waitFor();
    await expectAccessible(page, 'memberships');
    await fitsOnAPhone(page, 'memberships');
    await page.getByRole('button', { name: /^Join ATG\+/ }).click();
    const challenge = testCard('visa', 'challenge');
    await page.getByLabel('Card number', { exact: true }).waitFor();
    await fillCard(page, challenge.number);
    await expectAccessible(page, 'ATG+ card form');
    await page.getByRole('button', { name: /^Pay \$[\d,]+(\.\d\d)?$/ }).click();
    await page.locator('h1', { hasText: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Authenticate' }).click();

    // Back from the bank: the membership is bought, and the way back to the presale is offered.
    await page.waitForURL('**/membership/verify**', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Welcome to ATG+' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page, 'ATG+ joined');
    await page.getByRole('link', { name: 'Continue to your booking' }).click();
    await page.waitForURL(`**${ticketsPath}`);
    await page.locator('h1', { hasText: 'Select seat' }).waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await holdTwoSeats(page, { section: 1, fromRow: 4 });
    await page.locator('h1', { hasText: 'Check your seats' }).waitFor();
    await expectAccessible(page, 'presale review, ATG+ member');

    // /subscriptions shows the new membership with its number and renewal.
    await visit(page, '/subscriptions?venue=hudson-stage');
    await page.getByRole('heading', { name: 'ATG+' }).waitFor();
    await page.getByRole('checkbox', { name: 'Renew automatically each year' }).waitFor();
    await expectAccessible(page, 'subscriptions');
    await fitsOnAPhone(page, 'subscriptions');
    expectNoPageErrors(page);
    await context.close();
  });

  it('an Access member books a wheelchair space with the companion seat beside it', async () => {
    const { context, page } = await newBuyer(browser);
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/members-access.png', fullPage: true });
    });
    // The demo's sales are scattered at random (a Friday's performance is 30 % sold), so the
    // fifth performance's first wheelchair space or its companion may be sold: the first free
    // pair is taken, from the fifth performance on.
    let chosen: { id: string; pair: AccessPair } | undefined;
    for (const id of await performancesOnSale(
      page,
      'uk',
      'lumen-theatre',
      'the-glass-orchard',
      4,
    )) {
      const [pair] = await freeAccessPairs(page, 'uk', id);
      if (pair) {
        chosen = { id, pair };
        break;
      }
    }
    if (!chosen) throw new Error('no performance has a free wheelchair space and companion seat');
    const { id, pair } = chosen;
    const seats = `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`;
    await signIn(page, 'access@demo.stagedoor.test', 'lumen-theatre', seats);
    await page
      .getByText(/Wheelchair spaces, companion seats and access zone seats are for Access members/)
      .waitFor();
    await expectAccessible(page, 'seats, Access member');
    const place = `${pair.section}, Row ${pair.row}`;
    await holdSeats(page, pair.section, pair.row, [
      new RegExp(`^${place}, Seat ${pair.space}, wheelchair space`),
      new RegExp(`^${place}, Seat ${pair.companion}, companion seat`),
    ]);
    const review = await page.locator('main').innerText();
    expect(review).toMatch(new RegExp(`Row ${pair.row}, Seat ${pair.space}\\b`));
    expect(review).toMatch(new RegExp(`Row ${pair.row}, Seat ${pair.companion}\\b`));
    // Access members pay no transaction fee either.
    await page
      .getByRole('region', { name: 'Your basket' })
      .getByText('Transaction fee waived for Access members')
      .waitFor();
    await expectAccessible(page, 'review, Access member');
    expectNoPageErrors(page);
    await context.close();
  });
});
