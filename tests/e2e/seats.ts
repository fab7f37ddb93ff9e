import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { singleSeatRule } from './seatGapRule';

/** A performance's notice, when it has one, must be read before reserving. */
export async function acknowledgeNotices(page: Page): Promise<void> {
  const read = page.getByRole('button', { name: 'I have read this' });
  for (const button of await read.all()) await button.click();
}

interface TwoSeats {
  /** The list picker's section: its option index, or a pattern its name matches (first that has two). */
  section?: number | RegExp;
  /**
   * The row option to start looking from, so files sharing a performance reach for different
   * seats; a negative one counts from the back and looks frontwards from there. A row's name
   * ("F") starts at that row, for a journey that names the row later on.
   */
  fromRow?: number | string;
  /** Tick the seats but leave them unreserved (the caller looks at the selection first). */
  reserve?: boolean;
}

/** Seats a buyer with no access needs or card-holder offer would choose. */
const SPECIAL = /American Express|wheelchair|companion|access/i;

/**
 * Ticks two ordinary seats side by side in the list picker, then reserves them; answers their
 * names. The demo's sales
 * are scattered at random, so the pair is looked for row by row (from `fromRow`, wrapping round)
 * among the seats the picker offers, and must be one the single-seat rule allows: any fixed row
 * or "first two free" pick fails on the performance whose sales happen to fall there.
 */
export async function holdTwoSeats(page: Page, options: TwoSeats = {}): Promise<string[]> {
  const { section = 1, fromRow = 0, reserve = true } = options;
  // On /shows/<show>/<venue>/tickets/<performance>: the venue's settings name its region.
  const [, , venue, , performance] = new URL(page.url()).pathname.split('/').filter(Boolean);
  const settings = await readFile(`venues/${venue}/venue.json`, 'utf8');
  const { region } = JSON.parse(settings) as { region: string };
  const rule = await singleSeatRule(page, region, performance!);
  await acknowledgeNotices(page);

  const sections = page.getByLabel('Section', { exact: true });
  await sections.waitFor();
  const sectionNames = await sections.locator('option').allInnerTexts();
  const candidates =
    typeof section === 'number'
      ? [sectionNames[section]!]
      : sectionNames.filter((name) => section.test(name));
  for (const sectionName of candidates) {
    if (/none available/.test(sectionName)) continue;
    await sections.selectOption({ label: sectionName });
    const rows = page.getByLabel('Row', { exact: true });
    const rowNames = await rows.locator('option').allInnerTexts();
    const count = rowNames.length;
    const [start, direction] =
      typeof fromRow === 'string'
        ? [rowNames.findIndex((name) => name.startsWith(`Row ${fromRow} (`)), 1]
        : fromRow < 0
          ? [count + fromRow, -1]
          : [fromRow, 1];
    for (let step = 0; step < count; step += 1) {
      const rowName = rowNames[(((start + direction * step) % count) + count) % count]!;
      if (/none available/.test(rowName)) continue;
      await rows.selectOption({ label: rowName });
      await rowOnShow(page, sectionName, rowName);
      const pair = await allowedPair(page, rule);
      if (!pair) continue;
      for (const { box } of pair) await box.check();
      if (reserve) await reserveSeats(page);
      return pair.map(({ name }) => name);
    }
  }
  return expect.fail(`no two ordinary seats side by side are free in ${String(section)}`);
}

interface Choice {
  box: Locator;
  /** As the list names it: "Dress Circle, Row C, Seat 12, restricted view, £45". */
  name: string;
}

/**
 * Waits for the list to show the chosen row's seats: on a loaded machine it can still show the
 * row (or section) chosen before for a moment, and reading it then finds no pair where there is one.
 * The options read "Stalls (312 available)" and "Row C (12 available)"; the seats, "Stalls, Row C, …".
 */
async function rowOnShow(page: Page, sectionOption: string, rowOption: string): Promise<void> {
  const section = sectionOption.replace(/ \([^()]*\)$/, '');
  const row = /^Row (.+) \([^()]*\)$/.exec(rowOption)?.[1];
  if (row === undefined) throw new Error(`a row option reads "${rowOption}"`);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await page
    .getByRole('checkbox', {
      name: new RegExp(`${escape(section)}, Row ${escape(row)}, Seat \\d+,`),
    })
    .first()
    .waitFor();
}

/** Two free ordinary seats next to each other in the row on show, that the rule lets be taken. */
async function allowedPair(
  page: Page,
  rule: Awaited<ReturnType<typeof singleSeatRule>>,
): Promise<[Choice, Choice] | undefined> {
  const free: (Choice & { at: number; seat: number })[] = [];
  for (const box of await page.getByRole('checkbox', { name: /, Seat \d+, .*[£$]/ }).all()) {
    // Named by the label around it: "Dress Circle, Row C, Seat 12, restricted view, £45".
    const name = await box.evaluate((input: HTMLInputElement) => input.labels?.[0]?.innerText);
    if (!name) throw new Error('a seat in the list has no label');
    if ((await box.isDisabled()) || SPECIAL.test(name)) continue;
    free.push({ box, name, at: rule.indexOf(name), seat: Number(/, Seat (\d+),/.exec(name)![1]) });
  }
  for (let i = 0; i + 1 < free.length; i += 1) {
    const [a, b] = [free[i]!, free[i + 1]!];
    if (b.seat - a.seat === 1 && a.at >= 0 && b.at >= 0 && rule.allows([a.at, b.at])) {
      return [a, b];
    }
  }
  return undefined;
}

/** Reserve, and wait for the review step the picked seats lead to. */
async function reserveSeats(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Reserve seats' }).click();
  await page.waitForURL('**/checkout/reservations', { timeout: 30_000 });
  await page.locator('h1', { hasText: 'Check your seats' }).waitFor();
}
