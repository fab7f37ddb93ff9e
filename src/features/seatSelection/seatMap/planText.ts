import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useTheme } from 'styled-components';
import type { PlanStage } from '@contract/api/holds';
import type { Currency } from '@contract/money';
import { formatMoney } from '@/i18n/format';
import type { PlanColours, PlanText } from './drawPlan';
import type { SeatMapModel } from './model';

/** One literal id per kind, so the catalogue check sees each one used. */
const STAGE_NAMES = {
  stage: { id: 'plan.stage.stage' },
  pitch: { id: 'plan.stage.pitch' },
  floor: { id: 'plan.stage.floor' },
} as const satisfies Record<PlanStage['kind'], { id: string }>;

/**
 * The words the canvas draws, in the buyer's locale and the venue's currency and font. Every
 * number and message goes through `intl`, whose formatters are cached per provider: the warm-up
 * (prepareSeatMap.ts) calls these same functions so the map finds them made.
 */
export function planText(
  intl: IntlShape,
  font: string,
  stage: PlanStage | null,
  currency: Currency,
): PlanText {
  return {
    font,
    stage: stage === null ? null : intl.formatMessage(STAGE_NAMES[stage.kind]),
    left: (count: number) => intl.formatMessage({ id: 'plan.section.left' }, { count }),
    from: (price: number) =>
      intl.formatMessage(
        { id: 'plan.section.from' },
        { price: formatMoney(intl, { amount: price, currency }) },
      ),
    summary: (section: string, left: number, from: number | null) =>
      intl.formatMessage(
        { id: 'plan.section.summary' },
        {
          section,
          count: left,
          price: from === null ? '' : formatMoney(intl, { amount: from, currency }),
        },
      ),
  };
}

export function usePlanText(model: SeatMapModel): PlanText {
  const intl = useIntl();
  const theme = useTheme();
  const { stage, currency } = model;
  return useMemo(
    () => planText(intl, theme.fonts.body, stage, currency),
    [intl, theme.fonts.body, stage, currency],
  );
}

/**
 * The stage in the theme's muted text colour with its name in the background colour (a pair the
 * theme keeps at 4.5:1; softer than black when a zoomed-in floor fills the map), and names in the
 * text colour on a background-coloured halo.
 */
export function usePlanColours(): PlanColours {
  const theme = useTheme();
  const { text, textMuted, background } = theme.colors;
  return useMemo(
    () => ({ stage: textMuted, stageText: background, label: text, halo: background }),
    [text, textMuted, background],
  );
}
