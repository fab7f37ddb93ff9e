import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Where the "Done when" screenshots of every step go (issue 13). */
export const SCREENS_DIR = join('test-results', 'screens');

/** One element that sticks out of the viewport sideways, as a test failure names it. */
export interface Overflow {
  scrollWidth: number;
  viewportWidth: number;
  /** The offending elements, widest overshoot first (at most three). */
  culprits: string[];
}

/**
 * WCAG 1.4.10 Reflow: the document must not scroll sideways. Returns undefined when it does
 * not; otherwise the elements that reach past the viewport's right (or left) edge and are not
 * clipped by a scrolling or hidden-overflow ancestor, the one reaching furthest first, so the
 * failure names what to fix rather than the page.
 */
export async function findOverflow(page: Page): Promise<Overflow | undefined> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const viewportWidth = root.clientWidth;
    if (root.scrollWidth <= viewportWidth) return undefined;

    const clippedByAncestor = (element: Element): boolean => {
      for (let node = element.parentElement; node && node !== document.body;) {
        const overflowX = getComputedStyle(node).overflowX;
        if (overflowX !== 'visible') return true;
        node = node.parentElement;
      }
      return false;
    };
    const describe = (element: Element): string => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .filter((name) => !/^sc-/.test(name))
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const label =
        element.getAttribute('aria-label') ??
        (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      const rect = element.getBoundingClientRect();
      const parent = element.parentElement?.tagName.toLowerCase() ?? '';
      return `<${element.tagName.toLowerCase()}${id}${classes}> in <${parent}> "${label}" (left ${Math.round(rect.left)}, width ${Math.round(rect.width)}, right ${Math.round(rect.right)})`;
    };

    const offenders: { element: Element; overshoot: number; width: number }[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const overshoot = Math.max(rect.right - viewportWidth, -rect.left);
      if (overshoot <= 0.5) continue;
      if (clippedByAncestor(element)) continue;
      offenders.push({ element, overshoot, width: rect.width });
    }
    // Furthest out first; of equal reach, the narrowest is the one that pushes its parents.
    offenders.sort((a, b) => b.overshoot - a.overshoot || a.width - b.width);
    return {
      scrollWidth: root.scrollWidth,
      viewportWidth,
      culprits: offenders.slice(0, 3).map(({ element }) => describe(element)),
    };
  });
}

/**
 * Where a primary action (Reserve, Continue, Pay) sits relative to the screen the buyer is
 * looking at right now (no scrolling by the test): undefined when wholly inside it, else why not.
 */
export async function outsideScreen(action: Locator): Promise<string | undefined> {
  if ((await action.count()) === 0) return 'is not on the page';
  return action.first().evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    if (rect.width === 0 || rect.height === 0) return 'is not displayed';
    const inside =
      rect.left >= 0 && rect.top >= 0 && rect.right <= width + 0.5 && rect.bottom <= height + 0.5;
    if (inside) return undefined;
    return `is at top ${Math.round(rect.top)}–${Math.round(rect.bottom)}, left ${Math.round(rect.left)}–${Math.round(rect.right)} of a ${width}×${height} screen scrolled to ${Math.round(window.scrollY)}`;
  });
}

/** A full-page screenshot, named `<locale>-<width>-<step>.png`. */
export async function saveScreen(
  page: Page,
  locale: string,
  width: number,
  step: string,
): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({
    path: join(SCREENS_DIR, `${locale}-${width}-${step}.png`),
    fullPage: true,
  });
}
