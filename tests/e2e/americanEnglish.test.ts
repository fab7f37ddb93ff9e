import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { testCard } from '../../server/payments/sandbox/testCards';
import { britishTermsIn, describeFindings } from '../unit/britishEnglish';
import { emailTo } from './accounts';
import { launchBrowser, newBuyer } from './browser';
import {
  chooseCard,
  continueTo,
  expectAccessible,
  expectNoPageErrors,
  upcomingPerformanceId,
  visit,
} from './journey';
import { holdTwoSeats } from './seats';

/**
 * Issue 24: a US buyer's whole purchase at a US venue in American English. A guest at The
 * Hudson Stage (en-US, the Lumen Group brand, the venue's own texts) goes from the venue and show
 * pages through the calendar, seats, extras, protection, mailed tickets, a 3-D Secure challenge
 * at the sandbox bank and the confirmation to the confirmation email; every page's text is read
 * against the list of British terms (tests/unit/britishEnglish.ts), and axe checks every step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VENUE = 'hudson-stage';
const SHOW = 'the-glass-orchard';

/** What the buyer reads on the page now (its title too), with each British term named. */
async function expectAmerican(page: Page, step: string): Promise<void> {
  const text = `${await page.title()}\n${await page.locator('body').innerText()}`;
  expect(describeFindings(step, britishTermsIn(text)), text).toEqual([]);
}

/** The step's words and its accessibility, as every step of the journey is checked. */
async function check(page: Page, step: string): Promise<void> {
  await expectAmerican(page, step);
  await expectAccessible(page, step);
}

describe('a US buyer reads American English', () => {
  it('through a whole purchase at The Hudson Stage, from the venue page to the confirmation email', async () => {
    const { context, page } = await newBuyer(browser, { timezoneId: 'America/New_York' });
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/american-english.png', fullPage: true });
    });
    const email = `us-buyer-${randomUUID()}@example.com`;

    await visit(page, `/venues/${VENUE}/`);
    // The venue's shows have arrived (its section is headed in either language's words).
    await page.getByRole('heading', { name: /at The Hudson Stage$/ }).waitFor();
    await check(page, 'venue page');

    await visit(page, `/shows/${SHOW}/${VENUE}/`);
    await page.getByText(/including 1 (intermission|interval)/).waitFor();
    await check(page, 'show page');

    await visit(page, `/shows/${SHOW}/${VENUE}/calendar/`);
    await page.getByRole('navigation', { name: 'Choose a month' }).waitFor();
    await page.getByText('Prices shown are starting prices.').waitFor();
    await check(page, 'calendar');

    const id = await upcomingPerformanceId(page, 'us-east', VENUE, SHOW, 3);
    await visit(page, `/shows/${SHOW}/${VENUE}/tickets/${id}`);
    await page.getByRole('region', { name: 'Legend' }).waitFor();
    await holdTwoSeats(page, {
      section: /^Balcony/,
      fromRow: 4,
      reserve: false,
    });
    await check(page, 'seats');
    await page.getByRole('button', { name: 'Reserve seats' }).click();
    await page.waitForURL('**/checkout/reservations');
    await page.locator('h1', { hasText: 'Check your seats' }).waitFor();
    await page.getByRole('region', { name: 'Your cart' }).waitFor();
    await check(page, 'review');

    await continueTo(page, '/checkout/extras', 'Extras');
    const program = page.getByRole('group', { name: /^Souvenir program/ });
    await program.getByRole('button', { name: /^Add one / }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Souvenir program: 1\. Cart total \$[\d,.]+\.$/ })
      .waitFor();
    await check(page, 'extras');

    await continueTo(page, '/checkout/ticket-protection', 'Ticket refund protection');
    await page.getByRole('radio', { name: /^Yes, protect my tickets/ }).check();
    await check(page, 'ticket protection');

    await continueTo(page, '/checkout/collection', 'Ticket delivery');
    await page.getByRole('radio', { name: 'Mail' }).check();
    await page.getByLabel('Address line 1').fill('311 W 44th St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption('NY');
    await page.getByLabel('ZIP code', { exact: true }).fill('10036');
    await check(page, 'delivery');

    await continueTo(page, '/checkout/contacts', 'Contact details');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email address', { exact: true }).fill(email);
    await page.getByLabel('Confirm email address').fill(email);
    await page.getByLabel('Phone number').fill('(212) 555-0199');
    await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
    await check(page, 'contact details');

    await continueTo(page, '/checkout/payment', 'Payment');
    const amex = testCard('amex', 'challenge');
    await chooseCard(page);
    await page.getByLabel('Card number').fill(amex.number);
    await page.getByLabel('Name on card').fill('Grace Hopper');
    await page.getByLabel('Expiration date').fill('12/30');
    await page.getByLabel('Security code (CVV)').fill('1234');
    await check(page, 'payment');
    await page.getByRole('button', { name: /^Pay \$[\d,]+(\.\d\d)?$/ }).click();

    // The sandbox bank's page for a dollar payment speaks American English too.
    await page.locator('h1', { hasText: 'Confirm your payment' }).waitFor({ timeout: 30_000 });
    const last4 = amex.number.slice(-4);
    await page.getByText(`American Express ending in ${last4}`).waitFor();
    await check(page, 'sandbox bank challenge');
    await page.getByRole('button', { name: 'Authenticate' }).click();

    await page.waitForURL('**/checkout/confirmation**', { timeout: 30_000 });
    await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor();
    await page.getByText(`Paid with American Express ending in ${last4}`).waitFor();
    await page.getByText(/Your tickets will be mailed to the address below/).waitFor();
    await check(page, 'confirmation');

    const confirmation = await emailTo(page, email, /^Your order SD-/);
    expect(confirmation).toContain('1 × Souvenir program');
    expect(
      describeFindings('confirmation email', britishTermsIn(confirmation)),
      confirmation,
    ).toEqual([]);
    expectNoPageErrors(page);
    await context.close();
  });
});
