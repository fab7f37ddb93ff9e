import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { testCard } from '../../server/payments/sandbox/testCards';
import { launchBrowser, newBuyer } from './browser';
import {
  baseUrl,
  chooseCard,
  expectAccessible,
  moveTo,
  trackRequests,
  upcomingPerformanceId,
} from './journey';
import { findOverflow, outsideScreen, saveScreen } from './layoutChecks';

/**
 * Issue 13, measured: every page a buyer meets, in both locales, at 320, 390 and 1280 px wide.
 * A page fails when the document scrolls sideways (WCAG 1.4.10 Reflow; the failure names the
 * element that sticks out) or when, once the buyer has made their choice (seats ticked,
 * quantities chosen, form filled), the step's primary action (Reserve, Continue, Pay) is not
 * wholly on the screen they are looking at. One journey per locale and width (one session, one
 * pair of seats) keeps the run to a few minutes and well inside the server's per-address session
 * limit. Every step is saved as test-results/screens/<locale>-<width>-<step>.png at 390 and
 * 1280 px; axe audits every step at 390 px (the other suites audit at 1280).
 *
 * Problems are collected along the journey and reported together, so one page's fault does not
 * hide the next page's.
 */

const WIDTHS = [320, 390, 1280] as const;
const SCREEN_WIDTHS: readonly number[] = [390, 1280];
const AXE_WIDTH = 390;
/** A phone's and a laptop's screen height: the "first screen" of the primary-action check. */
const heightFor = (width: number) => (width < 1000 ? 844 : 900);
/** Each width holds its own row, so the three journeys of a locale never reach for one seat. */
const ROW_FOR_WIDTH: Record<number, number> = { 320: 3, 390: 5, 1280: 7 };

interface Journey {
  locale: 'en-GB' | 'en-US';
  timezoneId: string;
  /** The venue the venue, show and calendar pages and the paid-for seats belong to. */
  region: string;
  venue: string;
  show: string;
  currency: RegExp;
}

const JOURNEYS: Journey[] = [
  {
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    region: 'uk',
    venue: 'lumen-theatre',
    show: 'the-glass-orchard',
    currency: /£/,
  },
  {
    locale: 'en-US',
    timezoneId: 'America/New_York',
    region: 'us-east',
    venue: 'hudson-stage',
    show: 'the-glass-orchard',
    currency: /\$/,
  },
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Journeys use the 4th performance: the 3rd is sold out, other suites buy from the 1st and 2nd. */
const JOURNEY_PERFORMANCE = 3;

/** Ticks two ordinary seats from the seat list, in the given section and row. */
async function tickTwoSeats(page: Page, section: number, row: number): Promise<void> {
  // A performance notice (an understudy) must be acknowledged before seats can be reserved.
  const notice = page.getByRole('button', { name: 'I have read this' });
  if ((await notice.count()) > 0) await notice.first().click();
  const sectionPicker = page.getByLabel('Section', { exact: true });
  if ((await sectionPicker.count()) > 0) await sectionPicker.selectOption({ index: section });
  const rowPicker = page.getByLabel('Row', { exact: true });
  if ((await rowPicker.count()) > 0) await rowPicker.selectOption({ index: row });
  const seats = page.getByRole('checkbox', { name: /, Seat \d+, .*[£$]/ });
  await seats.first().waitFor();
  let ticked = 0;
  for (const box of await seats.all()) {
    if (ticked === 2) break;
    const name = (await box.getAttribute('aria-label')) ?? '';
    if ((await box.isDisabled()) || /American Express|wheelchair|access/i.test(name)) continue;
    await box.check();
    ticked += 1;
  }
  if (ticked < 2) throw new Error(`only ${ticked} free seats in section ${section}, row ${row}`);
}

const reserve = (page: Page) => page.getByRole('button', { name: /^Reserve (seats|tickets)/ });
const continueButton = (page: Page) => page.getByRole('button', { name: /^Continue/ });

class LayoutRun {
  readonly problems: string[] = [];
  private readonly requests: ReturnType<typeof trackRequests>;

  constructor(
    readonly page: Page,
    readonly locale: string,
    readonly width: number,
  ) {
    this.requests = trackRequests(page);
  }

  /** Runs one step; a step that cannot be done is a problem too, and ends a dependent chain. */
  async step(name: string, action: () => Promise<void>): Promise<boolean> {
    try {
      await action();
      return true;
    } catch (error) {
      this.problems.push(`${name}: could not be done (${String(error).split('\n')[0]})`);
      // What the page showed when the step failed; a page that has gone cannot be shot.
      await saveScreen(this.page, this.locale, this.width, `${name}-failed`).catch(() => {});
      return false;
    }
  }

  /** Lets the page's data arrive, then checks reflow, screenshots and audits it. */
  async check(name: string, primary?: Locator, primaryName = 'the primary action'): Promise<void> {
    await this.requests.quiet(300, 30_000);
    const overflow = await findOverflow(this.page);
    if (overflow) {
      this.problems.push(
        `${name}: scrolls sideways (${overflow.scrollWidth} px of content in ${overflow.viewportWidth} px), widest: ${overflow.culprits.join('; ')}`,
      );
    }
    if (primary) {
      const where = await outsideScreen(primary);
      if (where) this.problems.push(`${name}: ${primaryName} ${where}`);
    }
    if (SCREEN_WIDTHS.includes(this.width)) {
      await saveScreen(this.page, this.locale, this.width, name);
    }
    if (this.width === AXE_WIDTH) {
      try {
        await expectAccessible(this.page, `${name} at ${this.width} px`);
      } catch (error) {
        this.problems.push(`${name}: ${String(error).split('\n').slice(0, 4).join(' ')}`);
      }
    }
  }

  async open(path: string): Promise<void> {
    await this.page.goto(`${baseUrl()}${path}`);
    await this.page.locator('h1').first().waitFor({ timeout: 30_000 });
  }

  async continueTo(path: string): Promise<void> {
    await moveTo(this.page, path, () => continueButton(this.page).first().click());
  }
}

/** The pages anyone can open: What's on, the venue, the show, its calendar, the error pages. */
async function browsing(run: LayoutRun, journey: Journey): Promise<void> {
  const { venue, show } = journey;
  if (await run.step('whats-on', () => run.open('/'))) await run.check('whats-on');
  if (await run.step('venue', () => run.open(`/venues/${venue}/`))) await run.check('venue');
  if (await run.step('show', () => run.open(`/shows/${show}/${venue}/`))) await run.check('show');
  const calendar = `/shows/${show}/${venue}/calendar/?force-opty=calendarLayout:grid`;
  if (await run.step('calendar', () => run.open(calendar))) {
    // Not a primary action, but the control the issue found cut off on a phone.
    const next = run.page.getByRole('button', { name: 'Next month' });
    await run.check('calendar', next, '"Next month"');
  }
  if (await run.step('not-found', () => run.open('/a/path/that/does/not/exist'))) {
    await run.check('not-found');
  }
  if (await run.step('payment-failed', () => run.open('/checkout/failed'))) {
    await run.check('payment-failed');
  }
}

/** Seat pages the buyer chooses on without buying: the 20,000-seat arena and a GA floor. */
async function choosingOnly(run: LayoutRun): Promise<void> {
  const { page } = run;
  const arena = await run.step('seats-arena', async () => {
    const id = await upcomingPerformanceId(
      page,
      'us-east',
      'harbor-arena',
      'harbor-lights-live',
      JOURNEY_PERFORMANCE,
    );
    await run.open(`/shows/harbor-lights-live/harbor-arena/tickets/${id}`);
    await tickTwoSeats(page, 3, ROW_FOR_WIDTH[run.width]!);
  });
  if (arena) await run.check('seats-arena', reserve(page));

  const ga = await run.step('ga-tickets', async () => {
    const id = await upcomingPerformanceId(
      page,
      'us-east',
      'motor-city-music-hall',
      'neon-lowlands',
      JOURNEY_PERFORMANCE,
    );
    await run.open(`/shows/neon-lowlands/motor-city-music-hall/tickets/${id}`);
    const more = page.getByRole('button', { name: 'One more Full Price ticket' }).first();
    await more.click();
    await more.click();
  });
  if (ga) await run.check('ga-tickets', reserve(page));
}

/** Two theatre seats from the plan's list, through every checkout step to the confirmation. */
async function buying(run: LayoutRun, journey: Journey): Promise<void> {
  const { page } = run;
  const { region, venue, show, currency, locale } = journey;
  const chosen = await run.step('seats', async () => {
    const id = await upcomingPerformanceId(page, region, venue, show, JOURNEY_PERFORMANCE);
    await run.open(`/shows/${show}/${venue}/tickets/${id}`);
    await tickTwoSeats(page, 2, ROW_FOR_WIDTH[run.width]!);
  });
  if (!chosen) return;
  await run.check('seats', reserve(page));

  if (!(await run.step('review', () => reserveAndReview(page)))) return;
  await run.check('review', continueButton(page));
  if (!(await run.step('extras', () => run.continueTo('/checkout/extras')))) return;
  await run.check('extras', continueButton(page));
  const answered = await run.step('protection', async () => {
    await run.continueTo('/checkout/ticket-protection');
    await page.getByRole('radio', { name: /^No, I don't want to protect my tickets/ }).check();
  });
  if (!answered) return;
  await run.check('protection', continueButton(page));
  const collected = await run.step('collection', async () => {
    await run.continueTo('/checkout/collection');
    await page.getByRole('radio', { name: 'eTicket' }).check();
  });
  if (!collected) return;
  await run.check('collection', continueButton(page));
  const contacts = await run.step('contacts', async () => {
    await run.continueTo('/checkout/contacts');
    await fillContacts(page, locale);
  });
  if (!contacts) return;
  await run.check('contacts', continueButton(page));
  const pay = page.getByRole('button', { name: new RegExp(`^Pay ${currency.source}[\\d,.]+$`) });
  const card = await run.step('payment', async () => {
    await run.continueTo('/checkout/payment');
    await fillCard(page);
  });
  if (!card) return;
  await run.check('payment', pay);
  const paid = await run.step('confirmation', async () => {
    await pay.click();
    await page.waitForURL('**/checkout/confirmation**', { timeout: 45_000 });
    await page.locator('h1', { hasText: 'Your order is confirmed' }).waitFor();
  });
  if (paid) await run.check('confirmation');
}

async function reserveAndReview(page: Page): Promise<void> {
  await moveTo(page, '/checkout/reservations', () => reserve(page).click());
}

async function fillContacts(page: Page, locale: Journey['locale']): Promise<void> {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email address').fill('ada@example.com');
  await page
    .getByLabel('Phone number')
    .fill(locale === 'en-GB' ? '07911 123456' : '(212) 555-0199');
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
}

async function fillCard(page: Page): Promise<void> {
  await chooseCard(page);
  await page.getByLabel('Card number').fill(testCard('visa', 'approve').number);
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel(/^(Expiry|Expiration) date/).fill('12/30');
  await page.getByLabel('Security code (CVV)').fill('123');
}

describe('every page fits the screen and keeps its primary action in view', () => {
  for (const journey of JOURNEYS) {
    for (const width of WIDTHS) {
      it(`${journey.locale} at ${width} px`, { timeout: 240_000 }, async () => {
        const { context, page } = await newBuyer(browser, {
          locale: journey.locale,
          timezoneId: journey.timezoneId,
          viewport: { width, height: heightFor(width) },
        });
        const run = new LayoutRun(page, journey.locale, width);
        try {
          await browsing(run, journey);
          // The arena and the GA floor are American venues: their pages are en-US whoever asks.
          if (journey.locale === 'en-US') await choosingOnly(run);
          await buying(run, journey);
        } finally {
          await context.close();
        }
        expect(run.problems, run.problems.join('\n')).toEqual([]);
      });
    }
  }
});
