import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { launchBrowser, newBuyer } from './browser';
import { baseUrl, expectAccessible, expectNoPageErrors, heading, visit } from './journey';

/**
 * From a performance to held seats, in Chromium against the real server: general admission by
 * quantity, best available in the 20,000-seat arena, and a hold that runs out and is chosen
 * again. axe checks every step.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function firstPerformance(page: Page, region: string, venue: string, show: string) {
  const response = await page.request.get(
    `${baseUrl()}/api/${region}/venues/${venue}/shows/${show}`,
  );
  const content = (await response.json()) as ShowContent;
  const first = content.performances.upcoming[0];
  if (!first) throw new Error(`${show} at ${venue} has no upcoming performance`);
  return first.id;
}

async function reviewStep(page: Page) {
  await page.waitForURL('**/checkout/reservations');
  await page.locator('h1', { hasText: 'Best available tickets' }).waitFor();
}

describe('choosing and holding', () => {
  it('holds general-admission tickets by quantity and shows them with the countdown', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'us-east', 'motor-city-music-hall', 'neon-lowlands');
    await visit(page, `/shows/neon-lowlands/motor-city-music-hall/tickets/${id}`);
    expect(await heading(page)).toBe('Select your tickets');
    await expectAccessible(page, 'GA tickets');

    const floor = page.getByRole('region', { name: 'Standing floor' });
    const more = floor.getByRole('button', { name: /^One more .* ticket$/ }).first();
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await reviewStep(page);
    await expect.poll(() => page.getByText(/^2 × .*, Standing floor: /).count()).toBe(1);
    expect(await page.getByRole('timer').innerText()).toMatch(
      /Time left to complete your order: 1[45]:\d\d/,
    );
    await expectAccessible(page, 'GA review');
    expectNoPageErrors(page);
    await context.close();
  });

  it('finds the best four seats together in the arena and names each of them', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'us-east', 'harbor-arena', 'harbor-lights-live');
    await visit(page, `/shows/harbor-lights-live/harbor-arena/tickets/${id}`);
    expect(await heading(page)).toBe('Select seat');
    await page.getByRole('radio', { name: 'Find the best available seats for me' }).check();
    await page.getByLabel('Number of tickets').selectOption('4');
    await expectAccessible(page, 'arena best available');
    await page.getByRole('button', { name: 'Find the best seats' }).click();
    await reviewStep(page);

    const seats = page.getByRole('listitem').filter({ hasText: /Row .*, Seat \d+/ });
    await expect.poll(() => seats.count()).toBe(4);
    const names = await seats.allInnerTexts();
    const rows = new Set(names.map((name) => name.replace(/, Seat .*/, '')));
    expect(rows.size, `one section and row for all four: ${names.join(' | ')}`).toBe(1);
    await expectAccessible(page, 'arena review');
    expectNoPageErrors(page);
    await context.close();
  });

  it('runs out: the expiry dialog releases the tickets and "Reselect seats" returns to the choice', async () => {
    const { context, page } = await newBuyer(browser);
    await page.clock.install();
    const id = await firstPerformance(page, 'us-east', 'motor-city-music-hall', 'neon-lowlands');
    const ticketsPath = `/shows/neon-lowlands/motor-city-music-hall/tickets/${id}`;
    await visit(page, ticketsPath);
    const floor = page.getByRole('region', { name: 'Standing floor' });
    await floor
      .getByRole('button', { name: /^One more .* ticket$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await reviewStep(page);

    // The warning comes first, with its one-action extend.
    await page.clock.fastForward('13:30');
    await page.getByRole('button', { name: 'Add 5 more minutes' }).waitFor();
    await expectAccessible(page, 'expiry warning');

    await page.clock.fastForward('02:00');
    const dialog = page.getByRole('alertdialog', { name: 'Reservation expired' });
    await dialog.waitFor();
    await expectAccessible(page, 'expiry dialog');
    await dialog.getByRole('button', { name: 'Reselect seats' }).click();
    await page.waitForURL(`**${ticketsPath}`);
    await page.locator('h1', { hasText: 'Select your tickets' }).waitFor();
    expect(await page.getByRole('timer').count()).toBe(0);
    expectNoPageErrors(page);
    await context.close();
  });
});
