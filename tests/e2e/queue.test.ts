import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type APIRequestContext, type Browser, type Page } from 'playwright-core';
import { CSRF_HEADER } from '../../contract/api/constants';
import type { ShowContent } from '../../contract/api/content';
import type { QueueTicket } from '../../contract/api/queue';
import { launchBrowser, newBuyer, pageProblems } from './browser';
import { expectAccessible, expectNoPageErrors, trackRequests } from './journey';
import { startOwnServer, type OwnServer } from './ownServer';

/**
 * Harbor Arena's onsale queue in Chromium against a server of its own (the shared E2E server
 * runs without queues): the sale opens OPENS_IN_SECONDS after that server starts, and lets
 * OUTFLOW_PER_MINUTE buyers through (a turn every 15 s), so whatever place the draw gives, the
 * waiting room is seen counting down before the turn comes. The page's countdowns are checked
 * on Playwright's clock (page.clock, jumped ahead by hand); the server's opening and outflow
 * run on real time.
 */

const SALE = 'harbor-lights-live-onsale';
const OPENS_IN_SECONDS = 25;
const OUTFLOW_PER_MINUTE = 4;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let browser: Browser;
let server: OwnServer;
let base: string;
let performanceId: string;
let ticketsPath: string;
const others: APIRequestContext[] = [];

/** The repository's venues with Harbor Arena's outflow slowed down for the journey. */
function venuesWithSlowOutflow(work: string): string {
  const dir = join(work, 'venues');
  cpSync(join(ROOT, 'venues'), dir, { recursive: true });
  const file = join(dir, 'harbor-arena', 'venue.json');
  const venue = JSON.parse(readFileSync(file, 'utf8')) as {
    queue: { sales: { saleId: string; outflowPerMinute: number }[] };
  };
  for (const sale of venue.queue.sales) sale.outflowPerMinute = OUTFLOW_PER_MINUTE;
  writeFileSync(file, JSON.stringify(venue, null, 2));
  return dir;
}

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startOwnServer({
      name: 'queue',
      venues: venuesWithSlowOutflow,
      env: { ONSALE_QUEUES: 'on', QUEUE_OPENS_IN_SECONDS: String(OPENS_IN_SECONDS) },
    }),
  ]);
  base = server.base;
  const show = await fetch(`${base}/api/us-east/venues/harbor-arena/shows/harbor-lights-live`);
  const content = (await show.json()) as ShowContent;
  const first = content.performances.upcoming[0]?.id;
  if (first === undefined) throw new Error('Harbor Lights Live has no upcoming performance');
  performanceId = first;
  ticketsPath = `/shows/harbor-lights-live/harbor-arena/tickets/${performanceId}`;
});

afterAll(async () => {
  await Promise.all(others.map((other) => other.dispose()));
  await browser?.close();
  await server?.close();
});

/** Another buyer, by API only: a session of their own, joined to the queue. */
async function otherBuyer(): Promise<void> {
  const api = await request.newContext({ baseURL: base });
  others.push(api);
  const session = (await (await api.post('/services/session/sessions', { data: {} })).json()) as {
    csrfToken: string;
  };
  const joined = await api.post(`/api/us-east/queues/${SALE}/join`, {
    data: {},
    headers: { [CSRF_HEADER]: session.csrfToken },
  });
  expect(joined.status()).toBe(200);
}

async function positionOf(api: APIRequestContext): Promise<QueueTicket> {
  const response = await api.get(`/api/us-east/queues/${SALE}/position`);
  return (await response.json()) as QueueTicket;
}

const placeOn = async (page: Page) =>
  (await page.getByTestId('queue-place').innerText()).replace(/\D/g, '');
const seconds = (clock: string) =>
  clock
    .split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);

describe('the onsale waiting room', () => {
  let page: Page;
  let place: string;

  it('holds a buyer in the pre-queue, draws their place at the opening, counts down to their turn and takes them to the seat map; a reload and a second tab keep the one place', async () => {
    const buyer = await newBuyer(browser, { timezoneId: 'Europe/London' });
    page = buyer.page;
    await page.clock.install({ time: new Date() });
    const requests = trackRequests(page);
    await page.goto(`${base}${ticketsPath}`);

    // The gate sent the buyer to the waiting room, remembering where they were heading.
    await page.waitForURL(`**/queue/${SALE}?**`);
    expect(new URL(page.url()).searchParams.get('next')).toBe(ticketsPath);
    await page.getByRole('heading', { level: 1, name: 'Harbor Lights Live onsale' }).waitFor();
    // The opening in the venue's time (Boston), not the buyer's (London).
    await expect
      .poll(() => page.locator('p', { hasText: 'The sale opens at' }).innerText())
      .toMatch(/The sale opens at .*\d{1,2}:\d{2}\s?(AM|PM) E[SD]T\./);
    await expectAccessible(page, 'the pre-queue');

    // The countdown to the opening runs on the page's clock: moved on three seconds, it shows
    // three fewer (a fourth may pass in real time meanwhile).
    await requests.quiet();
    const before = seconds(await page.getByTestId('queue-opens-in').innerText());
    expect(before).toBeGreaterThan(5);
    await page.clock.runFor(3000);
    const after = seconds(await page.getByTestId('queue-opens-in').innerText());
    expect(after).toBeLessThanOrEqual(before - 3);
    expect(after).toBeGreaterThanOrEqual(before - 5);

    // Three more buyers wait in the pre-queue: the draw decides who goes first.
    await Promise.all([otherBuyer(), otherBuyer(), otherBuyer()]);

    // The server opens the sale on its own clock; the page sees the draw at its next look.
    await page.getByTestId('queue-place').waitFor({ timeout: 90_000 });
    place = await placeOn(page);
    expect(Number(place)).toBeGreaterThanOrEqual(1);
    expect(Number(place)).toBeLessThanOrEqual(4);
    // The estimate counts down between the server's answers, beside the progress bar.
    const wait = seconds(await page.getByTestId('queue-wait').innerText());
    expect(wait).toBeGreaterThanOrEqual(2);
    await page.clock.runFor(2000);
    expect(seconds(await page.getByTestId('queue-wait').innerText())).toBeLessThan(wait);
    // Harbor Arena speaks en-US: a line, not a queue (issue 24).
    await page.getByRole('progressbar', { name: 'Your progress in line' }).waitFor();
    await expectAccessible(page, 'the waiting room after the draw');

    // A reload keeps the place.
    await page.reload();
    await page.getByTestId('queue-place').waitFor();
    expect(await placeOn(page)).toBe(place);

    // A second tab of the same browser session has the same one place.
    const second = await buyer.context.newPage();
    await second.goto(`${base}${ticketsPath}`);
    await second.waitForURL(`**/queue/${SALE}?**`);
    await second.getByTestId('queue-place').waitFor();
    expect(await placeOn(second)).toBe(place);
    await second.close();

    // Their turn: straight on to the seat map they were heading for.
    await page.waitForURL(`**${ticketsPath}`, { timeout: 90_000 });
    await page
      .getByRole('radio', { name: 'Find the best available seats for me' })
      .waitFor({ timeout: 30_000 });
    expectNoPageErrors(page);
  }, 180_000);

  it('refuses a hold with another session’s pass or with none, and sends the buyer back to the queue with their place', async () => {
    // Another buyer's pass: the first of the others whose turn comes.
    let stolen: string | null = null;
    await expect
      .poll(
        async () => {
          for (const other of others) stolen ??= (await positionOf(other)).pass;
          return stolen;
        },
        { timeout: 90_000, interval: 1000 },
      )
      .not.toBeNull();

    const holdWith = async (pass: string | null) => {
      await page.route('**/holds/best-available', (route) => {
        const headers = { ...route.request().headers() };
        delete headers['x-queue-pass'];
        return route.continue({
          headers: pass === null ? headers : { ...headers, 'x-queue-pass': pass },
        });
      });
      await page.getByRole('radio', { name: 'Find the best available seats for me' }).check();
      await page.getByLabel('Number of tickets').selectOption('2');
      await page.getByRole('button', { name: 'Find the best seats' }).click();
      await page.waitForURL(`**/queue/${SALE}?**refused=1**`);
      await page.unroute('**/holds/best-available');
      await page.getByRole('alert').filter({ hasText: 'no seats were held' }).waitFor();
      expect(await placeOn(page)).toBe(place);
    };

    await holdWith(stolen);
    await expectAccessible(page, 'back in the queue after a refused hold');
    await page.getByRole('link', { name: 'Continue to the sale' }).click();
    await page.waitForURL(`**${ticketsPath}`);

    await holdWith(null);
    await page.getByRole('link', { name: 'Continue to the sale' }).click();
    await page.waitForURL(`**${ticketsPath}`);

    // With its own pass, the same hold goes through.
    await page.getByRole('radio', { name: 'Find the best available seats for me' }).check();
    await page.getByLabel('Number of tickets').selectOption('2');
    await page.getByRole('button', { name: 'Find the best seats' }).click();
    await page.waitForURL('**/checkout/reservations');
    // The two refusals are the browser's own log lines for the 403s this journey provoked;
    // nothing else may have gone wrong.
    const refusal =
      'console: Failed to load resource: the server responded with a status of 403 (Forbidden)';
    expect(pageProblems(page)).toEqual([refusal, refusal]);
  }, 150_000);
});
