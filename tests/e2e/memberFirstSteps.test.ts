import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { emailTo, linkIn } from './accounts';
import { launchBrowser, newBuyer } from './browser';
import {
  continueTo,
  expectAccessible,
  expectNoPageErrors,
  upcomingPerformanceId,
  visit,
} from './journey';
import { holdTwoSeats } from './seats';

/**
 * Issue 24 item 9, as a new member meets it from the README: a new account signs up, activates,
 * signs in from the header (and is not sent back to the spent activation link) and saves its
 * profile without a phone; an ATG+ member who signs in mid-checkout keeps the step, told that the
 * fee is waived. axe checks every page.
 */

const ATG_MEMBER = 'atg@demo.stagedoor.test';
const DEMO_PASSWORD = 'stagedoor-demo-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const header = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

describe("a member's first steps", () => {
  it('signs up, activates, signs in from the header and saves a profile with no phone', async () => {
    const { context, page } = await newBuyer(browser);
    const email = `first-steps-${randomUUID()}@example.com`;
    const password = `first steps ${randomUUID()}`;
    await visit(page, '/sign-up?venue=lumen-theatre');
    await page.getByLabel('First name').fill('Jo');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Create a password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email to activate your account').waitFor();

    const activation = linkIn(await emailTo(page, email, /activate/i), '/account/verify');
    await visit(page, activation);
    await page.getByText('Your account is active').waitFor();
    await expectAccessible(page, 'account activated');

    // Straight from the activation page: signing in must not lead back to its spent link.
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/sign-in?**');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBeNull();
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await header(page).getByRole('button', { name: 'My account' }).waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/account/verify');
    expect(await page.getByText('This link has expired or has already been used').count()).toBe(0);

    await visit(page, '/account/profile?venue=lumen-theatre');
    const phone = page.getByLabel(/^Phone number/);
    await phone.waitFor();
    expect(await phone.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your changes have been saved.').waitFor();
    expect(await page.getByText('Please enter a valid phone number').count()).toBe(0);
    await expectAccessible(page, 'profile saved without a phone');
    expectNoPageErrors(page);
    await context.close();
  });

  it('an ATG+ member signing in mid-checkout stays on the step, told the fee is waived', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'the-glass-orchard', 5);
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: 1, fromRow: 4 });
    await continueTo(page, '/checkout/extras', 'Extras');
    await continueTo(page, '/checkout/ticket-protection', 'Ticket refund protection');
    await page.getByRole('radio', { name: /^No, I don't want to protect my tickets/ }).check();
    await continueTo(page, '/checkout/collection', 'Ticket delivery');
    const basket = page.getByRole('region', { name: 'Your basket' });
    await basket.getByText('Transaction fee', { exact: true }).waitFor();

    const offer = page.getByRole('region', { name: 'Sign in for faster checkout' });
    await offer.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('Email address').fill(ATG_MEMBER);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page
      .getByRole('status')
      .getByText(
        /^Good news: as an ATG\+ member you pay no transaction fee, so £[\d.]+ has come off your order\. Everything else is as you left it\.$/,
      )
      .waitFor({ timeout: 20_000 });
    await basket.getByText('Transaction fee waived for ATG+ members').waitFor();
    expect(await page.getByRole('alertdialog', { name: 'Your basket has changed' }).count()).toBe(
      0,
    );
    expect(new URL(page.url()).pathname).toBe('/checkout/collection');
    await expectAccessible(page, 'collection with the fee waived');
    await context.close();
  });
});
