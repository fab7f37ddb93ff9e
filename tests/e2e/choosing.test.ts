import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import type { HoldResponse } from '../../contract/api/holds';
import { launchBrowser, newBuyer } from './browser';
import { singleSeatRule } from './seatGapRule';
import {
  baseUrl,
  expectAccessible,
  expectNoPageErrors,
  heading,
  trackRequests,
  visit,
} from './journey';

/**
 * From a performance to held seats, in Chromium against the real server: general admission by
 * quantity, best available in the 20,000-seat arena, a hold that runs out and is chosen again,
 * and the browser's Back button asking before it lets a hold go. axe checks every step.
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
  // Titled by the choice: picked seats, general-admission tickets or best available.
  await page
    .locator('h1', { hasText: /^(Check your seats|Check your tickets|Best available tickets)$/ })
    .waitFor();
}

/** Moves the mouse over the plan until the hover card names a free seat; returns where and which. */
async function findFreeSeatOnPlan(
  page: Page,
  rule: Awaited<ReturnType<typeof singleSeatRule>>,
): Promise<{ x: number; y: number; name: string }> {
  const box = await page.locator('canvas').first().boundingBox();
  if (!box) throw new Error('the seating plan is not on screen');
  const card = page.locator('[aria-hidden="true"]', { hasText: /, Seat \d+/ });
  for (let gy = 0.3; gy < 0.95; gy += 0.05) {
    for (let gx = 0.2; gx < 0.8; gx += 0.04) {
      const x = box.x + box.width * gx;
      const y = box.y + box.height * gy;
      await page.mouse.move(x, y);
      // Pointer moves are delivered with the next frame and the card renders after them: read
      // it only once both have happened, or it may still name the seat under the last position.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))),
      );
      if ((await card.count()) === 0) continue;
      const name = (await card.first().innerText()).trim();
      // Free, and a seat the single-seat rule lets one buyer take alone (issue 24).
      const at = rule.indexOf(name);
      if (!/unavailable/.test(name) && at >= 0 && rule.allows([at])) return { x, y, name };
    }
  }
  throw new Error('no free seat found under the mouse');
}

/** Whether the element is wholly inside the window as it is scrolled now. */
async function inFirstScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  });
}

/** Whether the element is wholly inside the nearest box that scrolls it. */
async function shownInItsScrollBox(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    let box = el.parentElement;
    while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
    if (!box) return false;
    const r = el.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return r.top >= b.top && r.bottom <= b.bottom;
  });
}

describe('choosing and holding', () => {
  it('picks a theatre seat on the plan with the mouse and holds it', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'uk', 'lumen-theatre', 'the-glass-orchard');
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    expect(await heading(page)).toBe('Select seat');
    await expectAccessible(page, 'theatre seat map');
    // Close enough that each seat is its own target.
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const seat = await findFreeSeatOnPlan(page, await singleSeatRule(page, 'uk', id));
    await page.mouse.click(seat.x, seat.y);
    const selection = page.getByRole('region', { name: 'Your selection' });
    await expect.poll(() => selection.getByText(seat.name).count()).toBe(1);
    // The list beside the plan follows it: the seat's row is open, the seat ticked and in view
    // inside the list's own scroll box.
    const ticked = page
      .getByRole('region', { name: 'Choose from a list' })
      .getByRole('checkbox', { name: seat.name, exact: true });
    await expect.poll(() => ticked.isChecked()).toBe(true);
    await expect.poll(() => shownInItsScrollBox(ticked)).toBe(true);
    // The bar says which seat in a few words, with Reserve in the first screen.
    const [, row, number] = /^(.*?, Row [^,]+), Seat (\d+)/.exec(seat.name) ?? [];
    await expect
      .poll(() => selection.getByText(`${row}, seat ${number}`, { exact: true }).count())
      .toBe(1);
    expect(await inFirstScreen(page.getByRole('button', { name: 'Reserve seats' }))).toBe(true);
    await page.screenshot({ path: 'test-results/choosing-seat-1280.png' });
    await expectAccessible(page, 'theatre seat chosen');

    await page.getByRole('button', { name: 'Reserve seats' }).click();
    await reviewStep(page);
    const held = seat.name.replace(/, £.*$/, '');
    const reviewed = page.locator('h2:text-is("Your seats") + ul > li').filter({ hasText: held });
    await expect.poll(() => reviewed.count()).toBe(1);
    await expectAccessible(page, 'theatre review');
    expectNoPageErrors(page);
    await context.close();
  });

  it('picks theatre seats with the keyboard alone: the skip link, the list, two seats', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'uk', 'lumen-theatre', 'the-glass-orchard');
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    const focusedLabel = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const label =
          (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el.closest('label');
        return (label?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
      });
    let tabs = 0;
    const tabTo = async (pattern: RegExp) => {
      for (let i = 0; i < 80; i += 1) {
        await page.keyboard.press('Tab');
        tabs += 1;
        if (pattern.test(await focusedLabel())) return;
      }
      throw new Error(`Tab never reached ${pattern}`);
    };
    // The list is the page's keyboard way in: audit the page once the list is there to use.
    await page.getByRole('combobox', { name: 'Section', exact: true }).waitFor();
    await expectAccessible(page, 'theatre seat list');
    // From the top of the page, past the plan and its controls in one step.
    await tabTo(/^Skip to seat list$/);
    await page.keyboard.press('Enter');
    await tabTo(/^Section$/);
    await page.keyboard.press('ArrowDown');
    await tabTo(/^Row$/);
    await page.keyboard.press('ArrowDown');
    const names: string[] = [];
    for (let seat = 0; seat < 2; seat += 1) {
      await tabTo(/, Seat \d+, .*£/);
      names.push(await focusedLabel());
      await page.keyboard.press('Space');
    }
    // Before the skip link and the folded filters it took 28 presses of Tab to tick two seats.
    expect(tabs, `Tab presses from the page top to two ticked seats`).toBeLessThanOrEqual(10);
    const selection = page.getByRole('region', { name: 'Your selection' });
    for (const name of names) await expect.poll(() => selection.getByText(name).count()).toBe(1);
    await expectAccessible(page, 'keyboard seats chosen');
    await tabTo(/^Reserve seats$/);
    await page.keyboard.press('Enter');
    await reviewStep(page);
    await expectAccessible(page, 'keyboard review');
    expectNoPageErrors(page);
    await context.close();
  });

  it('names the seat a choice would leave on its own, before Reserve (the single-seat rule)', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'uk', 'lumen-theatre', 'the-glass-orchard');
    const lone = (await singleSeatRule(page, 'uk', id)).refusedAlone();
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    for (const [label, prefix] of [
      ['Section', `${lone.section} (`],
      ['Row', `Row ${lone.row} (`],
    ] as const) {
      const select = page.getByLabel(label, { exact: true });
      const option = select.locator('option').filter({ hasText: prefix }).first();
      await select.selectOption({ label: (await option.innerText()).trim() });
    }
    await page.getByRole('checkbox', { name: new RegExp(`^${lone.name},`) }).check();
    await page.getByRole('button', { name: 'Reserve seats' }).click();
    const alert = page.getByRole('region', { name: 'Your selection' }).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain(
      `These seats would leave one seat empty on its own: ${lone.strands},`,
    );
    // Nothing was held: the buyer is still choosing, with the seat still ticked.
    expect(page.url()).toContain('/tickets/');
    await expectAccessible(page, 'single-seat rule message');
    expectNoPageErrors(page);
    await context.close();
  });

  it('on a phone: the plan first at full width, Reserve in view once seats are chosen', async () => {
    const { context, page } = await newBuyer(browser, { viewport: { width: 390, height: 844 } });
    const id = await firstPerformance(page, 'uk', 'lumen-theatre', 'the-glass-orchard');
    await visit(page, `/shows/the-glass-orchard/lumen-theatre/tickets/${id}`);
    const plan = page.getByRole('application', { name: 'Seating plan picture' });
    await plan.waitFor();
    const box = await plan.boundingBox();
    expect(box, 'the plan is on screen').not.toBeNull();
    expect(box!.y, 'the plan starts in the first screen').toBeLessThan(844 / 2);
    expect(box!.width, 'the plan is as wide as the page').toBeGreaterThan(390 - 48);
    // Two free seats from the list, below the plan (the Upper Circle's last rows, clear of
    // the seats the other journeys take).
    const section = page.getByLabel('Section', { exact: true });
    await section.selectOption({ index: 2 });
    await page.getByLabel('Row', { exact: true }).selectOption({ index: 10 });
    const free = page.getByRole('checkbox', { name: /, Seat \d+, .*£/, disabled: false });
    await free.nth(0).check();
    await free.nth(1).check();
    const selection = page.getByRole('region', { name: 'Your selection' });
    await expect.poll(() => selection.getByText(/^2 seats: £/).count()).toBe(1);
    const reserve = page.getByRole('button', { name: 'Reserve seats' });
    expect(await inFirstScreen(reserve), 'Reserve is in view wherever the buyer is').toBe(true);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      'nothing wider than the phone (WCAG 1.4.10)',
    ).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/choosing-seat-390.png' });
    await expectAccessible(page, 'phone seats chosen');
    // The filters are one disclosure of chips; opened and used, the page still passes axe.
    await page.locator('summary', { hasText: 'Filter seats' }).click();
    await page.getByRole('checkbox', { name: 'Restricted view', exact: true }).check();
    await expect.poll(() => page.getByText('1 filter on', { exact: true }).count()).toBe(1);
    await page.screenshot({ path: 'test-results/choosing-filters-390.png' });
    await expectAccessible(page, 'phone filters open');
    expectNoPageErrors(page);
    await context.close();
  });

  it('sells a timed-entry slot: names the slot, holds the tickets for it', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'us-central', 'bayou-discovery', 'swamp-after-dark');
    await visit(page, `/shows/swamp-after-dark/bayou-discovery/tickets/${id}`);
    // The venue's own wording for the step.
    expect(await heading(page)).toBe('Select your entry tickets');
    const slot = page.getByText(/^Your time slot: /);
    const time = (await slot.innerText()).replace('Your time slot: ', '');
    expect(time).toMatch(/^\d{1,2}:\d{2}\s?[AP]M$/);
    // The slot is the performance the page is for, as its subheading says.
    expect(await page.locator('h1 + *').first().innerText()).toContain(time);
    await expectAccessible(page, 'timed-entry tickets');

    const entry = page.getByRole('region', { name: 'Timed entry' });
    await entry.getByRole('button', { name: 'One more Full Price ticket' }).click();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await reviewStep(page);
    await expect.poll(() => page.getByText(/^1 × Full Price, Timed entry: /).count()).toBe(1);
    await expectAccessible(page, 'timed-entry review');
    expectNoPageErrors(page);
    await context.close();
  });

  it('holds general-admission tickets by quantity and shows them with the countdown', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'us-east', 'motor-city-music-hall', 'neon-lowlands');
    await visit(page, `/shows/neon-lowlands/motor-city-music-hall/tickets/${id}`);
    expect(await heading(page)).toBe('Select your tickets');
    await expectAccessible(page, 'GA tickets');

    const floor = page.getByRole('region', { name: 'Standing floor' });
    // The standard price has no name in the catalogue: it is the venue's "Full Price".
    const more = floor.getByRole('button', { name: 'One more Full Price ticket' });
    await more.click();
    await more.click();
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    await reviewStep(page);
    await expect.poll(() => page.getByText(/^2 × Full Price, Standing floor: /).count()).toBe(1);
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

    // The review step's own list: the price drawer ("Your basket") names the same seats.
    const seats = page.locator('h2:text-is("Your seats") + ul > li');
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
    const requests = trackRequests(page);
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
    // Every chunk the review step asked for has arrived: jumping the fake clock 13 minutes
    // ahead must not pass for a chunk that took 13 minutes (lazyWithTimeout's limit). (The
    // document's networkidle was reached long ago: it says nothing of this single-page step.)
    await page.getByRole('timer').waitFor();
    await requests.quiet();
    onTestFailed(async () => {
      await page.screenshot({ path: 'test-results/choosing-expiry.png', fullPage: true });
    });

    // The buyer is still there (a key pressed at 7 minutes): a guest idle for 10 minutes would be
    // timed out first (GUEST_IDLE_SECONDS), and this is the hold's own end.
    await page.clock.fastForward('07:00');
    await page.keyboard.press('Shift');
    // The warning comes first, with its one-action extend.
    await page.clock.fastForward('06:30');
    await page.getByRole('button', { name: 'Add 5 more minutes' }).waitFor();
    await expectAccessible(page, 'expiry warning');

    await page.clock.fastForward('02:00');
    const dialog = page.getByRole('alertdialog', { name: 'Reservation expired' });
    await dialog.waitFor();
    await expectAccessible(page, 'expiry dialog');
    await dialog.getByRole('button', { name: 'Reselect seats' }).click();
    await page.waitForURL(`**${ticketsPath}`);
    await page.locator('h1', { hasText: 'Select your tickets' }).waitFor();
    await expect.poll(() => page.getByRole('timer').count()).toBe(0);
    await floor
      .getByRole('button', { name: /^One more .* ticket$/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'tickets chosen again after expiry');
    expectNoPageErrors(page);
    await context.close();
  });

  it('asks before the Back button lets the tickets go: keeping stays, releasing frees them', async () => {
    const { context, page } = await newBuyer(browser);
    const id = await firstPerformance(page, 'us-east', 'motor-city-music-hall', 'neon-lowlands');
    const ticketsPath = `/shows/neon-lowlands/motor-city-music-hall/tickets/${id}`;
    await visit(page, ticketsPath);
    await page
      .getByRole('region', { name: 'Standing floor' })
      .getByRole('button', { name: /^One more .* ticket$/ })
      .first()
      .click();
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === '/api/us-east/holds',
    );
    await page.getByRole('button', { name: 'Reserve tickets' }).click();
    const { hold } = (await (await created).json()) as HoldResponse;
    await reviewStep(page);
    const reviewUrl = page.url();
    const timer = page.getByRole('timer');
    await timer.waitFor();
    // Asked as this buyer (the page's cookies): the hold is gone once the server answers 404.
    const holdStatus = async () =>
      (await page.request.get(`${baseUrl()}/api/us-east/holds/${hold.id}`)).status();
    expect(await holdStatus()).toBe(200);

    // Back from the review step lands on this performance's tickets again: the tickets go,
    // the basket's date stays, so the question is "Release your tickets?", not "Empty your cart?".
    const question = page.getByRole('alertdialog', { name: 'Release your tickets?' });
    await page.goBack();
    await question.waitFor();
    await expectAccessible(page, 'leave question');
    await question.getByRole('button', { name: 'Keep my tickets' }).click();
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => page.url()).toBe(reviewUrl);
    await timer.waitFor();
    expect(await holdStatus()).toBe(200);

    await page.goBack();
    await question.waitFor();
    await question.getByRole('button', { name: 'Release tickets' }).click();
    await page.waitForURL(`**${ticketsPath}`);
    await page.locator('h1', { hasText: 'Select your tickets' }).waitFor();
    await expect.poll(holdStatus, { timeout: 10_000 }).toBe(404);
    await expect.poll(() => timer.count()).toBe(0);
    expectNoPageErrors(page);
    await context.close();
  });
});
