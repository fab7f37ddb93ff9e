import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { findChromium, type ChromiumBinary } from '../setup/chromium';

/** Flags from stack-notes: headless as root, and no attempts to reach the internet. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches headless Chromium: the one the run found (tests/setup/chromium.ts) unless told. */
export async function launchBrowser(binary?: ChromiumBinary): Promise<Browser> {
  const { executablePath, env } = binary ?? (await findChromium());
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, env: { ...process.env, ...env } });
}

export interface BuyerOptions {
  /** The buyer's own time zone, deliberately different from the venue's in some journeys. */
  timezoneId?: string;
  locale?: string;
  viewport?: { width: number; height: number };
}

export async function newBuyer(
  browser: Browser,
  options: BuyerOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    timezoneId: options.timezoneId ?? 'Europe/London',
    locale: options.locale ?? 'en-GB',
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  // A console error or an uncaught exception is a defect even when the page looks fine.
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  (page as Page & { problems: string[] }).problems = problems;
  return { context, page };
}

export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page against WCAG 2.0–2.2 A/AA and best practices. `evaluate` runs
 * outside the page's Content-Security-Policy, so the audit needs no CSP exception in the app.
 */
export async function auditAccessibility(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** Human-readable summary for a failing expectation. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');
}
