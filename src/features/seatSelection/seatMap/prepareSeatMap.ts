import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useTheme } from 'styled-components';
import type { Currency } from '@contract/money';
import { labelFont } from './drawPlan';
import { planText } from './planText';

/**
 * Readies what the seat map's first frame needs that does not depend on the seats, while the
 * plan and its status are still on their way (issue 26). Under a phone's CPU the first frame
 * spent about 8 ms making its Intl formatters (the plural message, the plural rules, the
 * venue's money format) and about 7 ms on the canvas's first text measuring (font matching);
 * done here, the map finds them made.
 *
 * The formatters are made through the same `intl` and the same functions the map calls
 * (planText), so they land in the provider's own cache under the keys the map will ask for:
 * react-intl memoises each formatter by its arguments, per IntlProvider.
 */
export function prepareSeatMap(
  intl: IntlShape,
  venue: { currency: Currency; font: string },
): Promise<void> {
  const text = planText(intl, venue.font, null, venue.currency);
  // "Sold out" (=0), "# left" (plural rules and the count's number format) and a money amount:
  // the overview labels' words. The pointer card's summary shares the plural and money.
  const words = [text.left(0), text.left(120), text.from(4500), text.summary('A', 2, 4500)];
  const dpr = window.devicePixelRatio || 1;
  const fonts = [labelFont(text, dpr, true), labelFont(text, dpr, false)];
  // Canvas text shares the document's font cache: one measure per label font matches the font.
  const ctx = document.createElement('canvas').getContext('2d');
  if (ctx !== null) {
    for (const font of fonts) {
      ctx.font = font;
      ctx.measureText(words.join(' '));
    }
  }
  // A venue whose theme names a web font has it fetched now, not found missing at first draw.
  if (document.fonts === undefined) return Promise.resolve();
  return Promise.all(fonts.map((font) => document.fonts.load(font))).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The tickets page's warm-up: started once its shell is up, in a task of its own so the page's
 * plan and status requests (sent from its effects) go out first.
 */
export function usePreparedSeatMap(currency: Currency | undefined): void {
  const intl = useIntl();
  const font = useTheme().fonts.body;
  useEffect(() => {
    if (currency === undefined) return;
    const task = setTimeout(() => void prepareSeatMap(intl, { currency, font }));
    return () => clearTimeout(task);
  }, [intl, currency, font]);
}
