import { inject, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { ShowContent } from '../../contract/api/content';
import { auditAccessibility, describeViolations, pageProblems } from './browser';

export const baseUrl = (): string => inject('e2eBaseUrl');
export const outboxUrl = (): string => inject('e2eOutboxUrl');

/** The id of a show's `nth` upcoming performance, as its show page lists them. */
export async function upcomingPerformanceId(
  page: Page,
  region: string,
  venue: string,
  show: string,
  nth = 0,
): Promise<string> {
  const response = await page.request.get(
    `${baseUrl()}/api/${region}/venues/${venue}/shows/${show}`,
  );
  const content = (await response.json()) as ShowContent;
  const chosen = content.performances.upcoming[nth];
  if (!chosen) throw new Error(`${show} at ${venue} has no performance ${nth}`);
  return chosen.id;
}

/** Opens a path and waits until the page's main heading has rendered. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.locator('h1').first().waitFor();
}

/** The accessibility gate every step of every journey passes through. */
export async function expectAccessible(page: Page, step: string): Promise<void> {
  const violations = await auditAccessibility(page);
  expect(violations, `axe violations on ${step}:\n${describeViolations(violations)}`).toEqual([]);
}

export async function heading(page: Page): Promise<string> {
  return (await page.locator('h1').first().innerText()).trim();
}

export function expectNoPageErrors(page: Page): void {
  expect(pageProblems(page)).toEqual([]);
}

/**
 * The page's requests in flight, counted from now on. `quiet` waits (in real time) until none
 * has been for `quietMs`: a test about to fast-forward the page's fake clock must first let every
 * chunk arrive, or a chunk still on its way would pass for one that took minutes.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<string>();
  let changedAt = Date.now();
  const started = (request: { url(): string }) => {
    inFlight.add(request.url());
    changedAt = Date.now();
  };
  const ended = (request: { url(): string }) => {
    inFlight.delete(request.url());
    changedAt = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet(quietMs = 500, timeoutMs = 20_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (inFlight.size > 0 || Date.now() - changedAt < quietMs) {
        if (Date.now() > deadline) {
          throw new Error(`still loading after ${timeoutMs} ms: ${[...inFlight].join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * On the payment step, chooses to pay by card (issue 15: with more than one usable method nothing
 * is chosen for the buyer); where card is the only method, or the form is the ATG+ purchase's
 * card form, the card's fields are already there.
 */
export async function chooseCard(page: Page): Promise<void> {
  const card = page.getByRole('radio', { name: 'Credit or debit card' });
  const number = page.getByLabel('Card number', { exact: true });
  await card.or(number).first().waitFor({ timeout: 15_000 });
  if ((await card.count()) > 0 && !(await card.isChecked())) await card.check();
  await number.waitFor();
}

/**
 * Does `act` (a click or key press that moves to `path`) and waits until the next page is the one
 * shown: the address changes as a move starts, and the previous page stays on screen until the
 * next one's chunk has arrived, so only a new heading says the page is there.
 */
export async function moveTo(page: Page, path: string, act: () => Promise<void>): Promise<void> {
  const previous = await page.locator('h1').first().textContent();
  await act();
  await page.waitForURL(`**${path}`, { timeout: 30_000 });
  await page.waitForFunction(
    (before) => {
      const heading = document.querySelector('h1');
      return heading !== null && heading.textContent !== before;
    },
    previous,
    { timeout: 30_000 },
  );
}

/** Continue on a checkout step, then wait for the next one's address and heading. */
export async function continueTo(page: Page, path: string, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(`**${path}`);
  await page.locator('h1', { hasText: title }).waitFor();
}

/**
 * From the review step to payment the shortest way: no extras, no protection, eTickets, and a
 * guest's contact details.
 */
export async function eTicketsToPayment(page: Page): Promise<void> {
  await continueTo(page, '/checkout/extras', 'Extras');
  await continueTo(page, '/checkout/ticket-protection', 'Ticket refund protection');
  await page.getByRole('radio', { name: /^No, I don't want to protect my tickets/ }).check();
  await continueTo(page, '/checkout/collection', 'Ticket delivery');
  await page.getByRole('radio', { name: 'eTicket' }).check();
  await continueTo(page, '/checkout/contacts', 'Contact details');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address', { exact: true }).fill('ada@example.com');
  await page.getByLabel('Confirm email address').fill('ada@example.com');
  await page.getByLabel('Phone number').fill('07911 123456');
  await page.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }).check();
  await continueTo(page, '/checkout/payment', 'Payment');
}
