import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { launchBrowser, newBuyer } from './browser';
import { expectAccessible, expectNoPageErrors } from './journey';
import { startOwnServer, type OwnServer } from './ownServer';
import { holdTwoSeats } from './seats';

/**
 * Issue 24: a guest holding seats who leaves the page alone times out, in the spec's words. The
 * journey needs a short limit, so it runs a server of its own with GUEST_IDLE_SECONDS at its
 * least (40 s: warned 20 s before the end), and waits for what the page shows, not a clock.
 */
const GUEST_IDLE_SECONDS = 40;

let browser: Browser;
let server: OwnServer;
let base: string;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startOwnServer({
      name: 'guest-timeout',
      env: { GUEST_IDLE_SECONDS: String(GUEST_IDLE_SECONDS) },
    }),
  ]);
  base = server.base;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function ticketsPath(page: Page, nth: number): Promise<string> {
  const response = await page.request.get(
    `${base}/api/uk/venues/lumen-theatre/shows/the-glass-orchard`,
  );
  const content = (await response.json()) as ShowContent;
  const chosen = content.performances.upcoming[nth];
  if (!chosen) throw new Error(`no performance ${nth}`);
  return `/shows/the-glass-orchard/lumen-theatre/tickets/${chosen.id}`;
}

// Two limits of real time (the warning, carrying on, the limit again) on a loaded machine.
describe('a guest holding seats', { timeout: 240_000 }, () => {
  it('is warned, carries on, then times out after inactivity with the seats released', async () => {
    const { context, page } = await newBuyer(browser);
    const tickets = await ticketsPath(page, 4);
    await page.goto(`${base}${tickets}`);
    await page.locator('h1').first().waitFor();
    await holdTwoSeats(page, { section: 2, fromRow: 3 });
    const holdId = await page.evaluate(
      () =>
        (JSON.parse(window.sessionStorage.getItem('stagedoor.hold') ?? '{}') as { holdId?: string })
          .holdId,
    );
    expect(holdId).toBeDefined();

    // Untouched since Reserve: warned with 20 seconds to answer, one action carries on.
    const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await warning.waitFor({ timeout: 60_000 });
    await expect
      .poll(() => warning.innerText())
      .toMatch(
        /your session will time out in 0:[0-2]\d and the seats you're holding will be released, unless you choose to carry on\./,
      );
    await expectAccessible(page, 'guest inactivity warning');
    await warning.getByRole('button', { name: 'Carry on booking' }).click();
    await expect.poll(() => warning.count()).toBe(0);

    // Left alone again: warned, then timed out in the spec's words, the seats let go.
    await warning.waitFor({ timeout: 60_000 });
    const timedOut = page.getByRole('alertdialog', { name: 'Your session has timed out' });
    await timedOut
      .getByText(
        'In order to protect your personal information, your session is automatically timed out after a period of inactivity.',
      )
      .waitFor({ timeout: 60_000 });
    await timedOut
      .getByText('The seats you were holding have been released. Please start your booking again.')
      .waitFor();
    // What they typed does not stay on screen: checkout gave way to the show's page.
    await page.waitForURL('**/shows/the-glass-orchard/lumen-theatre/');
    await expectAccessible(page, 'guest time-out dialog');
    await expect
      .poll(async () => (await page.request.get(`${base}/api/uk/holds/${holdId}`)).status(), {
        timeout: 10_000,
      })
      .not.toBe(200);

    await timedOut.getByRole('button', { name: 'Close' }).click();
    const expired = page.getByRole('complementary', { name: 'Your session has expired' });
    await expired.getByText('Please start your booking again.').waitFor();
    await expectAccessible(page, 'session expired alert');
    await expired.getByRole('button', { name: 'Start again' }).click();
    await page.waitForURL(`**${tickets}`);
    await expect.poll(() => expired.count()).toBe(0);
    expectNoPageErrors(page);
    await context.close();
  });
});
