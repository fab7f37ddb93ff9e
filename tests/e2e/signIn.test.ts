import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SIGN_IN_IDLE_MINUTES, SIGN_IN_WARNING_SECONDS } from '../../contract/api/constants';
import { emailTo, linkIn } from './accounts';
import { launchBrowser, newBuyer, pageProblems } from './browser';
import {
  baseUrl,
  continueTo,
  expectAccessible,
  expectNoPageErrors,
  trackRequests,
  upcomingPerformanceId,
  visit,
} from './journey';
import { holdTwoSeats } from './seats';

/**
 * Issue 14's sign-in journeys in Chromium against the real server: a guest signs in in the
 * middle of checkout and keeps the seats; sign-out asks first; the inactivity warning, the
 * time-out dialog and the timed-out alert on a fake clock; a new account's password reset
 * through the outbox link, then signing in with the new password. axe checks every page.
 */

/** A seeded demo account without a membership (README; demo only). */
const MEMBER = 'plain@demo.stagedoor.test';
const DEMO_PASSWORD = 'stagedoor-demo-2026';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const header = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

async function signInWith(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * The browser logs every refused request as an error; a test that provokes refusals on purpose
 * (a wrong password) expects exactly those, and nothing else.
 */
function expectOnlyRefusals(page: Page, count: number) {
  expect(pageProblems(page)).toEqual(
    Array.from(
      { length: count },
      () =>
        'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
    ),
  );
}

/**
 * Who the server says the browser is signed in as (null for a guest), asked until it answers:
 * the page's request sets the new cookie, which the test's own request may not see at once.
 */
async function expectSignedInAs(page: Page, email: string | null) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${baseUrl()}/services/auth/session`);
        if (!response.ok()) return `HTTP ${response.status()}`;
        const state = (await response.json()) as { account: { email: string } | null };
        return state.account?.email ?? null;
      },
      { timeout: 10_000 },
    )
    .toBe(email);
}

describe('signing in and out', () => {
  it('a guest signs in in the middle of checkout and keeps the seats, the step and what was chosen', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await upcomingPerformanceId(page, 'uk', 'lumen-theatre', 'the-glass-orchard', 4);
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    await holdTwoSeats(page, { section: 2, fromRow: 3 });
    const seats = await page.getByRole('region', { name: 'Your basket' }).innerText();
    await continueTo(page, '/checkout/extras', 'Extras');
    await continueTo(page, '/checkout/ticket-protection', 'Ticket refund protection');
    await page.getByRole('radio', { name: /^No, I don't want to protect my tickets/ }).check();
    await continueTo(page, '/checkout/collection', 'Ticket delivery');
    await page.getByRole('radio', { name: 'eTicket' }).check();

    const offer = page.getByRole('region', { name: 'Sign in for faster checkout' });
    await offer.waitFor();
    await expectAccessible(page, 'collection with the sign-in offer');
    // The header's own link opens in place too while seats are held (no "Release your tickets?").
    await offer.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.waitFor();
    await expectAccessible(page, 'sign-in dialog');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email address').fill(MEMBER);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password-at-all');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/email address or password is incorrect/)
      .waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByText(`You're signed in as ${MEMBER}.`).waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await header(page).getByRole('button', { name: 'My account' }).waitFor();
    // Same step, same choice, same seats, and the hold's timer still running.
    expect(new URL(page.url()).pathname).toBe('/checkout/collection');
    expect(await page.getByRole('radio', { name: 'eTicket' }).isChecked()).toBe(true);
    expect(await page.getByRole('region', { name: 'Your basket' }).innerText()).toContain(
      seats.split('\n').find((line) => /Row/.test(line)) ?? seats,
    );
    await expectAccessible(page, 'collection signed in');

    // The session under the page is the member's now, with a new CSRF token: saving the step
    // (a state-changing call) works and the checkout goes on.
    await continueTo(page, '/checkout/contacts', 'Contact details');
    await page.locator('h1', { hasText: 'Contact details' }).waitFor();
    await expectSignedInAs(page, MEMBER);

    // Signing out ends the member's session and its holds on the server: asked first, then the
    // page loads again as a guest, with no leave prompt about seats that are already gone.
    await header(page).getByRole('button', { name: 'My account' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page
      .getByRole('alertdialog', { name: 'Sign out?' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
    await page.waitForURL((url) => !url.pathname.startsWith('/checkout/'), { timeout: 20_000 });
    expect(await page.getByRole('region', { name: 'Your basket' }).count()).toBe(0);
    expectOnlyRefusals(page, 1);
    await context.close();
  });

  it('signs in from the header, and sign-out asks first, then leaves a guest', async () => {
    const { context, page } = await newBuyer(browser, { viewport: { width: 390, height: 844 } });
    await visit(page, '/venues/lumen-theatre/');
    await header(page).getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL('**/sign-in?**');
    await page.locator('h1', { hasText: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign-in page');
    await signInWith(page, MEMBER, DEMO_PASSWORD);
    // Back where the buyer came from.
    await page.waitForURL('**/venues/lumen-theatre/');
    const menuButton = header(page).getByRole('button', { name: 'My account' });
    await menuButton.click();
    await page.getByText(`Signed in as ${MEMBER}`).waitFor();
    await expectAccessible(page, 'account menu');

    await page.getByRole('button', { name: 'Sign out' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Sign out?' });
    await ask.getByText('If you sign out, your prices and seats may change.').waitFor();
    await expectAccessible(page, 'sign-out question');
    await ask.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    // Still signed in, the menu where it was.
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The page loads again as a guest.
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    await ask.getByRole('button', { name: 'Sign out' }).click();
    await reloaded;
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
    await expectSignedInAs(page, null);
    await expectAccessible(page, 'signed out');
    expectNoPageErrors(page);
    await context.close();
  });

  it('warns before the inactivity limit, stays signed in on request, then times out with the refresh alert', async () => {
    const { context, page } = await newBuyer(browser);
    await page.clock.install();
    const requests = trackRequests(page);
    await visit(page, '/sign-in?venue=lumen-theatre');
    await signInWith(page, MEMBER, DEMO_PASSWORD);
    const menuButton = header(page).getByRole('button', { name: 'My account' });
    await menuButton.waitFor();
    await requests.quiet();

    const idleMs = SIGN_IN_IDLE_MINUTES * 60_000;
    const warningMs = SIGN_IN_WARNING_SECONDS * 1_000;
    // Just inside the warning: the dialog counts down what is left, in minutes and seconds.
    await page.clock.fastForward(idleMs - warningMs + 5_000);
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 20_000 });
    await expect
      .poll(() => warning.innerText())
      .toMatch(/signed out in 1:[0-5]\d unless you choose to stay signed in/);
    await expectAccessible(page, 'inactivity warning');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => warning.count()).toBe(0);

    // Kept alive: the old limit passes without a word.
    await page.clock.fastForward(warningMs + 10_000);
    await requests.quiet();
    expect(await warning.count()).toBe(0);
    expect(await menuButton.isVisible()).toBe(true);

    // Left alone since "Stay signed in": warned again just inside the new limit's last two
    // minutes (2:10 of it have passed already), then timed out.
    await page.clock.fastForward(idleMs - 2 * warningMs - 5_000);
    await warning.waitFor({ timeout: 20_000 });
    await page.clock.fastForward(warningMs);
    const timedOut = page.getByRole('alertdialog', { name: 'Your session has timed out' });
    await timedOut
      .getByText(
        'In order to protect your personal information, your session is automatically timed out after a period of inactivity.',
      )
      .waitFor({ timeout: 20_000 });
    await expectAccessible(page, 'time-out dialog');
    await expectSignedInAs(page, null);
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor();

    await timedOut.getByRole('button', { name: 'Close' }).click();
    const alert = page.getByRole('complementary', { name: 'Your session has timed out' });
    await alert.getByRole('alert').waitFor();
    await expectAccessible(page, 'timed-out alert');
    await alert.getByRole('button', { name: 'Refresh page' }).click();
    await expect.poll(() => alert.count(), { timeout: 20_000 }).toBe(0);
    await header(page).getByRole('link', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
    expectNoPageErrors(page);
    await context.close();
  });

  it('a new account resets its password through the emailed link, then signs in with the new one', async () => {
    const { context, page } = await newBuyer(browser);
    const email = `reset-${Date.now()}@example.com`;
    const newPassword = 'lantern harbour mosaic 42';

    // Sign-up from the header.
    await visit(page, '/venues/lumen-theatre/');
    await header(page).getByRole('link', { name: 'Create account' }).click();
    await page.locator('h1', { hasText: 'Create an account' }).waitFor();
    await expectAccessible(page, 'sign-up page');
    await page.getByLabel('First name').fill('Rosa');
    await page.getByLabel('Last name').fill('Reset');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Create a password').fill('first password for rosa');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email to activate your account').waitFor();
    await expectAccessible(page, 'sign-up sent');
    const activation = await emailTo(page, email, /activate/i);
    await visit(page, linkIn(activation, '/account/verify'));
    await page.getByText('Your account is active').waitFor();

    // "Forgotten your password?" → the reset page → the emailed link.
    await visit(page, '/sign-in?venue=lumen-theatre');
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await page.locator('h1', { hasText: 'Reset your password' }).waitFor();
    await expectAccessible(page, 'reset request');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await expectAccessible(page, 'reset sent');

    const reset = await emailTo(page, email, /reset your password/i);
    const requests = trackRequests(page);
    await visit(page, linkIn(reset, '/reset-password/new'));
    await page.locator('h1', { hasText: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'new password');
    // The list arrives with the page's chunks.
    await requests.quiet();
    // The shipped list refuses the most common passwords, whatever their length.
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText(/one of the most commonly used/).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await expectAccessible(page, 'password changed');

    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.locator('h1', { hasText: 'Sign in' }).waitFor();
    await signInWith(page, email, 'first password for rosa');
    await page.getByText(/email address or password is incorrect/).waitFor();
    await signInWith(page, email, newPassword);
    await header(page).getByRole('button', { name: 'My account' }).waitFor();
    // The old password's refusal (the common one was refused before anything was sent).
    expectOnlyRefusals(page, 1);
    await context.close();
  });
});
