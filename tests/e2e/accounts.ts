import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { CSRF_HEADER } from '../../contract/api/constants';
import { baseUrl, outboxUrl } from './journey';

/**
 * Accounts for the browser journeys. The E2E suites share one server and database, so a journey
 * that changes an account (joins a membership, resets its password) makes its own instead of
 * changing a seeded demo member another suite counts on.
 */

/** The newest outbox email to `to` whose subject matches, as plain text. */
export async function emailTo(page: Page, to: string, subject: RegExp): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get(`${outboxUrl()}?format=json`)).json()) as {
          id: string;
          recipient: string;
          subject: string;
        }[];
        id = list.find((email) => email.recipient === to && subject.test(email.subject))?.id;
        return id;
      },
      { message: `an email to ${to} about ${String(subject)}`, timeout: 20_000 },
    )
    .toBeDefined();
  return (await page.request.get(`${outboxUrl()}/${id}?format=text`)).text();
}

/** The shop link in an email (the path and query, so the test stays on its own server). */
export function linkIn(text: string, path: string): string {
  const found = new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}\\?[^\\s)>]+`).exec(text);
  expect(found, text).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}`;
}

/**
 * A new, activated account without a membership, made through the services as the sign-up page
 * and the activation link would (in the page's own cookie jar, so its session is the buyer's).
 */
export async function newAccount(
  page: Page,
  venue: string,
): Promise<{ email: string; password: string }> {
  const email = `journey-${randomUUID()}@example.com`;
  const password = `journey password ${randomUUID()}`;
  const session = await page.request.post(`${baseUrl()}/services/session/sessions`, { data: {} });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const register = await page.request.post(
    `${baseUrl()}/services/customer-accounts/accounts/register`,
    {
      headers: { [CSRF_HEADER]: csrfToken },
      data: { email, firstName: 'Jo', lastName: 'Journey', password, marketingOptIn: false, venue },
    },
  );
  expect(register.status()).toBe(202);
  const activation = linkIn(await emailTo(page, email, /activate/i), '/account/verify');
  const token = new URL(activation, baseUrl()).searchParams.get('token');
  const verify = await page.request.post(
    `${baseUrl()}/services/customer-accounts/accounts/verify`,
    { data: { token } },
  );
  expect(verify.status()).toBe(200);
  return { email, password };
}
