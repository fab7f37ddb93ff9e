import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';

extend([a11yPlugin, mixPlugin]);

/** WCAG 2.2 minimum ratios: 1.4.3 text, 1.4.11 non-text (focus rings, control edges). */
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

const INK = '#111111';
const PAPER = '#ffffff';

export function contrastRatio(a: string, b: string): number {
  return colord(a).contrast(b);
}

/** Whichever of near-black ink or white paper reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(INK, background) >= contrastRatio(PAPER, background) ? INK : PAPER;
}

/**
 * Moves `colour` towards black or white (whichever contrasts more with `against`) in small
 * lightness steps until the pair reaches `ratio`, keeping as much of the venue's hue as it can.
 * It always ends: pure black or white reaches at least 4.58:1 against any colour.
 */
export function ensureContrast(colour: string, against: string, ratio: number): string {
  const towardsDark = contrastRatio('#000000', against) >= contrastRatio('#ffffff', against);
  let candidate: Colord = colord(colour);
  for (let step = 0; step < 100; step += 1) {
    const hex = candidate.toHex();
    if (contrastRatio(hex, against) >= ratio) return hex;
    candidate = towardsDark ? candidate.darken(0.01) : candidate.lighten(0.01);
  }
  return towardsDark ? '#000000' : '#ffffff';
}

/**
 * A fill for solid controls (buttons) and the text on it. The venue's colour is kept when black
 * or white text reads on it; otherwise the fill is shifted until the better of the two does.
 */
export function solidPair(fill: string, ratio = TEXT_CONTRAST): { fill: string; text: string } {
  const text = readableOn(fill);
  if (contrastRatio(text, fill) >= ratio) return { fill: colord(fill).toHex(), text };
  const shifted = ensureContrast(fill, text, ratio);
  return { fill: shifted, text };
}

/**
 * A panel on the page (footer, timer, alert) tinted with `tint`: a light wash on a light page,
 * a dark one on a dark page, so the page's text colours work on both.
 */
export function panelOn(background: string, tint: string, amount: number): string {
  return colord(background).mix(tint, amount).toHex();
}
