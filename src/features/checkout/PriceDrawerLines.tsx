import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { Basket, TicketLine } from '@contract/api/basket';
import type { VenueFlags } from '@contract/venue';
import { formatMoney } from '@/i18n/format';
import { priceOptionName } from '@/i18n/priceOptionName';
import { priceLines, type PriceLine, type TicketGroup } from './basketPrices';
import type { PlaceNames } from './placeNames';

/**
 * The flags that decide how the lines are described (spec §3; docs/decisions.md "Basket").
 * None of them decides whether a charged amount is shown: every part of the total is a line.
 */
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
  /**
   * `full`: each group of tickets with its places and price notes; `summary` (venues without the
   * drawer, shouldHidePriceDrawer): the tickets as one line, then the same fees and charges.
   */
  detail: 'full' | 'summary';
};

/** Every line of the basket and the server's total; the amounts add up to it to the penny. */
export function PriceDrawerLines({ basket, flags, names, detail }: Props) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, { amount, currency: basket.currency });
  const lines = priceLines(basket);
  const tickets = lines.filter((line): line is TicketGroup => line.kind === 'tickets');
  const others = lines.filter((line) => line.kind !== 'tickets');

  return (
    <>
      <Lines>
        {detail === 'full' ? (
          tickets.map((group) => (
            <Line key={groupKey(group)}>
              <LineText>
                {groupName(intl, group, names)}
                <Detail>
                  <FormattedMessage
                    id="basket.line.each"
                    values={{ price: money(group.unitPrice) }}
                  />
                </Detail>
                {group.lines[0]?.kind === 'seat' ? (
                  <Places>
                    {group.lines.map((line) => (
                      <li key={line.seatId}>{seatPlace(intl, line, names)}</li>
                    ))}
                  </Places>
                ) : null}
                <PriceNotes line={group.lines[0]} flags={flags} money={money} />
              </LineText>
              <Amount>{money(group.amount)}</Amount>
            </Line>
          ))
        ) : tickets.length > 0 ? (
          <Line>
            <LineText>
              <FormattedMessage
                id="basket.line.ticketsTotal"
                values={{ count: tickets.reduce((sum, group) => sum + group.quantity, 0) }}
              />
            </LineText>
            <Amount>{money(tickets.reduce((sum, group) => sum + group.amount, 0))}</Amount>
          </Line>
        ) : null}
        {others.map((line) => (
          <Line key={otherKey(line)}>
            <LineText>
              <OtherName line={line} flags={flags} />
            </LineText>
            <Amount>
              {line.kind === 'delivery' && line.amount === 0 ? (
                <FormattedMessage id="basket.free" />
              ) : line.amount < 0 ? (
                <FormattedMessage id="basket.line.minus" values={{ amount: money(-line.amount) }} />
              ) : (
                money(line.amount)
              )}
            </Amount>
          </Line>
        ))}
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
    </>
  );
}

function groupKey(group: TicketGroup): string {
  const first = group.lines[0];
  return `${first?.seatId ?? first?.area ?? ''}/${first?.priceOption ?? ''}/${group.unitPrice}`;
}

function otherKey(line: PriceLine): string {
  return line.kind === 'extra' ? `extra/${line.extra.upsellId}` : line.kind;
}

/** "2 × Band A" for seats, "2 × Full Price, Standing floor" for places in an area. */
function groupName(intl: IntlShape, group: TicketGroup, names: PlaceNames): string {
  const first = group.lines[0];
  const option = priceOptionName(intl, first?.priceOptionName ?? null);
  if (first?.kind === 'admission')
    return intl.formatMessage(
      { id: 'basket.line.admission' },
      { quantity: group.quantity, option, area: names.area(first.area ?? '') },
    );
  return intl.formatMessage({ id: 'basket.line.seats' }, { quantity: group.quantity, option });
}

/** "Stalls, Row A, Seat 3". */
function seatPlace(intl: IntlShape, line: TicketLine, names: PlaceNames): string {
  return intl.formatList(
    [
      names.section(line.section ?? ''),
      intl.formatMessage({ id: 'seatMap.seat.row' }, { row: line.row ?? '' }),
      intl.formatMessage({ id: 'seatMap.seat.number' }, { number: line.number ?? 0 }),
    ].filter((part) => part !== ''),
    { type: 'unit', style: 'long' },
  );
}

function OtherName({ line, flags }: { line: PriceLine; flags: DrawerFlags }): ReactNode {
  switch (line.kind) {
    case 'extra':
      return (
        <FormattedMessage
          id="basket.line.extra"
          values={{ quantity: line.extra.quantity, name: line.extra.name }}
        />
      );
    case 'ticketProtection':
      return (
        <FormattedMessage id="basket.line.ticketProtection" values={{ tickets: line.tickets }} />
      );
    case 'transactionFee':
      return (
        <>
          <FormattedMessage id="basket.transactionFee" />
          {flags.displayTransactionFeeInPriceDrawer ? (
            <Detail>
              <FormattedMessage id="basket.transactionFee.perOrder" />
            </Detail>
          ) : null}
        </>
      );
    case 'feeWaiver':
      return (
        <FormattedMessage
          id="basket.line.feeWaiver"
          values={{ scheme: line.scheme === 'atg-plus' ? 'atgPlus' : 'access' }}
        />
      );
    case 'delivery':
      return (
        <FormattedMessage
          id="basket.line.delivery"
          values={{ method: <FormattedMessage id={`delivery.method.${line.method}`} /> }}
        />
      );
    case 'tickets':
      return null;
  }
}

type NotesProps = {
  line: TicketLine | undefined;
  flags: DrawerFlags;
  money: (amount: number) => string;
};

/** The parts of one ticket's all-in price, as far as the venue shows them. */
function PriceNotes({ line, flags, money }: NotesProps): ReactNode {
  if (line === undefined) return null;
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
  min-width: 0;
`;

const Detail = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Places = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
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
