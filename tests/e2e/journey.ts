import { inject, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { auditAccessibility, describeViolations, pageProblems } from './browser';

export const baseUrl = (): string => inject('e2eBaseUrl');

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
