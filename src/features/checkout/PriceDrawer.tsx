import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Basket } from '@contract/api/basket';
import { PerformanceParts } from '@/components/PerformanceParts';
import { useMediaQuery } from '@/components/useMediaQuery';
import { formatMoney, formatPerformanceDateTime } from '@/i18n/format';
import { PriceDrawerLines, type DrawerFlags } from './PriceDrawerLines';
import type { PlaceNames } from './placeNames';

export type { DrawerFlags };

type Props = {
  basket: Basket;
  flags: DrawerFlags;
  names: PlaceNames;
  /** A change is being saved: the amounts are about to move. */
  busy: boolean;
  /**
   * The venue hides the drawer (shouldHidePriceDrawer): a summary that never folds, the tickets
   * as one line and every fee and charge still on a line of its own.
   */
  summary?: boolean;
};

/**
 * What the buyer is paying for: the show, when and where, then line by line with the server's
 * total. On a phone it folds behind a disclosure button that carries the total, so the step's
 * form comes first; on a wide screen it sits open beside the step.
 */
export function PriceDrawer({ basket, flags, names, busy, summary = false }: Props) {
  const intl = useIntl();
  const wide = useMediaQuery('(min-width: 64em)');
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const foldable = !wide && !summary;
  const open = !foldable || expanded;

  return (
    <Drawer aria-labelledby={headingId} aria-busy={busy}>
      <Heading>
        {foldable ? (
          // The button shows the total (its name is what it shows: WCAG 2.5.3), so a closed drawer
          // still says what the order costs.
          <Toggle
            type="button"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((value) => !value)}
          >
            <span id={headingId}>
              <FormattedMessage id="basket.drawer.heading" />
            </span>{' '}
            <ToggleTotal>
              {formatMoney(intl, { amount: basket.total, currency: basket.currency })}
            </ToggleTotal>
          </Toggle>
        ) : (
          <span id={headingId}>
            <FormattedMessage id="basket.drawer.heading" />
          </span>
        )}
      </Heading>
      {/* displayTransactionFeeInPriceDrawer: the per-order fee is a line of the drawer even while
          it is folded on a phone, so it is met before the total is opened (drip pricing). */}
      {!open && flags.displayTransactionFeeInPriceDrawer && basket.transactionFee > 0 ? (
        <FoldedFee>
          <FormattedMessage id="basket.transactionFee" />
          <span>
            {formatMoney(intl, { amount: basket.transactionFee, currency: basket.currency })}
          </span>
        </FoldedFee>
      ) : null}
      <div id={bodyId} hidden={!open}>
        <Performance>
          <Title>{basket.performance.title}</Title>
          {basket.performance.parts ? (
            <PerformanceParts parts={basket.performance.parts} />
          ) : (
            <span>{formatPerformanceDateTime(intl, basket.performance.startsAt)}</span>
          )}
          <span>{basket.performance.venueName}</span>
        </Performance>
        <PriceDrawerLines
          basket={basket}
          flags={flags}
          names={names}
          detail={summary ? 'summary' : 'full'}
        />
      </div>
    </Drawer>
  );
}

const Drawer = styled.section`
  padding: ${({ theme }) => theme.space[4]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.h3};
`;

const Toggle = styled.button`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]}px;
  width: 100%;
  min-height: ${({ theme }) => theme.minTarget};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  cursor: pointer;

  &::after {
    content: '';
    width: 0.5em;
    height: 0.5em;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: rotate(45deg);
  }

  &[aria-expanded='true']::after {
    transform: rotate(225deg);
  }
`;

const ToggleTotal = styled.span`
  margin-left: auto;
`;

const Performance = styled.p`
  display: flex;
  flex-direction: column;
  margin: ${({ theme }) => theme.space[3]}px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Title = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.text};
`;

/** The transaction fee's line under the folded drawer's button. */
const FoldedFee = styled.p`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: ${({ theme }) => theme.space[2]}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.small};

  span {
    font-variant-numeric: tabular-nums;
  }
`;
