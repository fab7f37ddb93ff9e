import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import type { Calendar, CalendarPerformance } from '@contract/api/calendar';
import type { CalendarAvailability } from '@contract/api/calendarQuery';
import type { MessageId } from '@/i18n/messageIds';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { formatMoney, formatPerformanceDate, formatPerformanceTime } from '@/i18n/format';

export const AVAILABILITY_MESSAGE: Record<CalendarAvailability, MessageId> = {
  good: 'availability.good',
  medium: 'availability.medium',
  low: 'availability.low',
  soldOut: 'availability.sold-out',
};

/** Which venue flags change what a performance shows (applied here, never by the server). */
export interface DisplayFlags {
  hideAvailabilityIndicators: boolean;
  hideCalendarMinPrice: boolean;
}

export type PerformanceAction =
  /** On sale to this buyer: a link to its seats. */
  | { kind: 'book'; to: string }
  /** A presale the buyer may not buy (yet): opens the presale alert. */
  | { kind: 'presale'; onChoose: () => void }
  /** Shown, but there is nothing to choose. */
  | { kind: 'soldOut' };

type Props = {
  performance: CalendarPerformance;
  currency: Calendar['currency'];
  flags: DisplayFlags;
  action: PerformanceAction;
  /** Roving focus in the grid layout: one item is in the Tab order at a time. */
  tabIndex?: 0 | -1;
  itemRef?: (element: HTMLElement | null) => void;
  onFocus?: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

/**
 * One performance: its time on the venue's clock, presale state, availability (in words, with a
 * coloured mark beside them, never colour alone) and "from" price.
 */
export function PerformanceItem({
  performance,
  currency,
  flags,
  action,
  tabIndex,
  itemRef,
  onFocus,
  onKeyDown,
}: Props) {
  const intl = useIntl();
  const soldOut = performance.availability === 'soldOut';
  const time = formatPerformanceTime(intl, performance.startsAt);
  const presale = performance.presale
    ? intl.formatMessage({
        id: performance.unlocked
          ? 'calendar.performance.presaleUnlocked'
          : 'calendar.performance.presale',
      })
    : null;
  // Sold out is always said: it is why the performance cannot be chosen.
  const availability =
    soldOut || !flags.hideAvailabilityIndicators
      ? intl.formatMessage({ id: AVAILABILITY_MESSAGE[performance.availability] })
      : null;
  const price =
    performance.fromPrice !== null && !flags.hideCalendarMinPrice
      ? intl.formatMessage(
          {
            id: performance.promoApplied
              ? 'calendar.performance.fromPriceWithCode'
              : 'common.fromPrice',
          },
          { price: formatMoney(intl, { ...performance.fromPrice, currency }) },
        )
      : null;
  // A two-part show is one choice (issue 24): Part One's start above, Part Two's beside it, with
  // its date when it plays on another day than Part One.
  const partTwo = performance.parts?.[1];
  const partTwoWhen =
    partTwo === undefined
      ? null
      : partTwo.localDate === performance.localDate
        ? formatPerformanceTime(intl, partTwo.startsAt)
        : `${formatPerformanceDate(intl, partTwo.startsAt)}, ${formatPerformanceTime(intl, partTwo.startsAt)}`;
  // The name is the visible text, then the full date the grid shows only as a day number
  // (WCAG 2.5.3: what a buyer sees is what their speech command or screen reader says).
  const content = (
    <>
      <Time dateTime={performance.startsAt}>{time}</Time>{' '}
      {partTwo !== undefined && partTwoWhen !== null && (
        <>
          <Tag>{intl.formatMessage({ id: 'calendar.performance.twoParts' })}</Tag>{' '}
          <span>
            {intl.formatMessage(
              { id: 'calendar.performance.partTwo' },
              { when: <time dateTime={partTwo.startsAt}>{partTwoWhen}</time> },
            )}
          </span>{' '}
        </>
      )}
      {presale !== null && (
        <>
          <Tag>{presale}</Tag>{' '}
        </>
      )}
      {availability !== null && (
        <>
          <Availability>
            <Mark $level={performance.availability} aria-hidden="true" />
            {availability}
          </Availability>{' '}
        </>
      )}
      {price !== null && (
        <>
          <Price>{price}</Price>{' '}
        </>
      )}
      <VisuallyHidden>{formatPerformanceDate(intl, performance.startsAt)}</VisuallyHidden>
    </>
  );
  const shared = { tabIndex, ref: itemRef, onFocus, onKeyDown };

  switch (action.kind) {
    case 'book':
      return (
        <ItemLink to={action.to} {...shared}>
          {content}
        </ItemLink>
      );
    case 'presale':
      return (
        <ItemButton type="button" onClick={action.onChoose} {...shared}>
          {content}
        </ItemButton>
      );
    case 'soldOut':
      // aria-disabled rather than disabled: it stays reachable, so the buyer learns it exists.
      return (
        <ItemButton type="button" aria-disabled="true" $inactive {...shared}>
          {content}
        </ItemButton>
      );
  }
}

const itemStyle = css`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[1]}px;
  width: 100%;
  min-height: ${({ theme }) => theme.minTarget};
  padding: ${({ theme }) => theme.space[2]}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.small};
  text-align: start;
  text-decoration: none;
  cursor: pointer;

  &:hover {
    border-color: ${({ theme }) => theme.colors.accentText};
  }
`;

const ItemLink = styled(Link)`
  ${itemStyle}
`;

const ItemButton = styled.button<{ $inactive?: boolean }>`
  ${itemStyle}
  ${({ $inactive, theme }) =>
    $inactive &&
    css`
      border-style: dashed;
      background: ${theme.colors.surface};
      color: ${theme.colors.textMuted};
      cursor: not-allowed;

      &:hover {
        border-color: ${theme.colors.border};
      }
    `}
`;

const Time = styled.time`
  font-size: ${({ theme }) => theme.fontSizes.body};
  font-weight: 700;
`;

const Tag = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.warning};
`;

const Availability = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]}px;
`;

const MARK_COLOUR = {
  good: 'success',
  medium: 'warning',
  low: 'error',
  soldOut: 'textMuted',
} as const;

const Mark = styled.span<{ $level: CalendarAvailability }>`
  display: inline-block;
  width: 0.6em;
  height: 0.6em;
  border-radius: 50%;
  background: ${({ theme, $level }) => theme.colors[MARK_COLOUR[$level]]};
`;

const Price = styled.span`
  font-weight: 600;
`;
