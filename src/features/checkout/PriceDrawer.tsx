import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { Basket, TicketLine } from '@contract/api/basket';
import type { VenueFlags } from '@contract/venue';
import { useMediaQuery } from '@/components/useMediaQuery';
import { formatMoney } from '@/i18n/format';
import { priceOptionName } from '@/i18n/priceOptionName';
import type { PlaceNames } from './placeNames';

/** The flags that decide what the drawer shows (spec §3; docs/decisions.md "Basket"). */
export type DrawerFlags = Pick<
  VenueFlags,
  | 'displayPriceBreakdown'
  | 'isIncludedPriceBreakdown'
  | 'displayTransactionFeeInPriceDrawer'
  | 'displayAdditionalFeesInfo'
  | 'shouldShowFaceValue'
>;

type Props = {
  basket: Basket;
  flags: DrawerFlags;
  names: PlaceNames;
  /** A change is being saved: the amounts are about to move. */
  busy: boolean;
};

/**
 * What the buyer is paying for, line by line, with the server's total. On a phone it folds
 * behind a disclosure button that carries the total, so the step's form comes first; on a wide
 * screen it sits open beside the step.
 */
export function PriceDrawer({ basket, flags, names, busy }: Props) {
  const intl = useIntl();
  const wide = useMediaQuery('(min-width: 64em)');
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const money = (amount: number) => formatMoney(intl, { amount, currency: basket.currency });
  const open = wide || expanded;
  const protection = basket.ticketProtection;

  return (
    <Drawer aria-labelledby={headingId} aria-busy={busy}>
      <Heading>
        {wide ? (
          <span id={headingId}>
            <FormattedMessage id="basket.drawer.heading" />
          </span>
        ) : (
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
            <ToggleTotal>{money(basket.total)}</ToggleTotal>
          </Toggle>
        )}
      </Heading>
      <div id={bodyId} hidden={!open}>
        <Lines>
          {basket.tickets.map((line) => (
            <Line key={line.seatId ?? `${line.area}/${line.priceOption}`}>
              <LineText>
                {ticketName(intl, line, names)}
                <PriceNotes line={line} flags={flags} money={money} />
              </LineText>
              <Amount>{money(line.lineTotal)}</Amount>
            </Line>
          ))}
          {basket.extras.map((extra) => (
            <Line key={extra.upsellId}>
              <LineText>
                <FormattedMessage
                  id="basket.line.extra"
                  values={{ quantity: extra.quantity, name: extra.name }}
                />
              </LineText>
              <Amount>{money(extra.lineTotal)}</Amount>
            </Line>
          ))}
          {protection !== null && protection.choice === 'yes' ? (
            <Line>
              <LineText>
                <FormattedMessage
                  id="basket.line.ticketProtection"
                  values={{ tickets: protection.tickets }}
                />
              </LineText>
              <Amount>{money(protection.amount)}</Amount>
            </Line>
          ) : null}
          {flags.displayTransactionFeeInPriceDrawer && basket.transactionFee > 0 ? (
            <Line>
              <LineText>
                <FormattedMessage id="basket.transactionFee" />
              </LineText>
              <Amount>{money(basket.transactionFee)}</Amount>
            </Line>
          ) : null}
        </Lines>
        <TotalRow>
          <FormattedMessage id="basket.total" />
          <Amount>{money(basket.total)}</Amount>
        </TotalRow>
        {flags.displayAdditionalFeesInfo ? (
          <Note>
            <FormattedMessage id="basket.feesInfo" />
          </Note>
        ) : null}
      </div>
    </Drawer>
  );
}

/** "Stalls, Row A, Seat 3, Full Price" or "2 × Full Price, Standing floor". */
export function ticketName(intl: IntlShape, line: TicketLine, names: PlaceNames): string {
  const option = line.priceOption === null ? '' : priceOptionName(intl, line.priceOptionName);
  if (line.kind === 'seat')
    return intl.formatList(
      [
        names.section(line.section ?? ''),
        intl.formatMessage({ id: 'seatMap.seat.row' }, { row: line.row ?? '' }),
        intl.formatMessage({ id: 'seatMap.seat.number' }, { number: line.number ?? 0 }),
        option,
      ].filter((part) => part !== ''),
      { type: 'unit', style: 'long' },
    );
  return intl.formatMessage(
    { id: 'basket.line.admission' },
    { quantity: line.quantity, option, area: names.area(line.area ?? '') },
  );
}

type NotesProps = { line: TicketLine; flags: DrawerFlags; money: (amount: number) => string };

/** The parts of one ticket's all-in price, as far as the venue shows them. */
function PriceNotes({ line, flags, money }: NotesProps): ReactNode {
  const { faceValue, bookingFee } = line;
  if (flags.displayPriceBreakdown && faceValue !== null && bookingFee !== null)
    return (
      <Detail>
        <FormattedMessage
          id={
            flags.isIncludedPriceBreakdown ? 'basket.breakdown.included' : 'basket.breakdown.added'
          }
          values={{ faceValue: money(faceValue), bookingFee: money(bookingFee) }}
        />
      </Detail>
    );
  if (flags.shouldShowFaceValue && faceValue !== null)
    return (
      <Detail>
        <FormattedMessage id="basket.faceValue" values={{ faceValue: money(faceValue) }} />
      </Detail>
    );
  return null;
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

const Lines = styled.ul`
  margin: ${({ theme }) => theme.space[3]}px 0 0;
  padding: 0;
  list-style: none;
`;

const Line = styled.li`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]}px;
  padding: ${({ theme }) => theme.space[2]}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
`;

const LineText = styled.div`
  display: flex;
  flex-direction: column;
`;

const Detail = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Amount = styled.span`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const TotalRow = styled.p`
  display: flex;
  justify-content: space-between;
  margin: ${({ theme }) => theme.space[3]}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 600;
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space[3]}px 0 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
