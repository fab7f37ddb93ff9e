import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Calendar, CalendarPerformance } from '@contract/api/calendar';
import { formatPerformanceDate } from '@/i18n/format';
import { PerformanceItem, type DisplayFlags, type PerformanceAction } from './PerformanceItem';

type Props = {
  calendar: Calendar;
  flags: DisplayFlags;
  actionFor: (performance: CalendarPerformance) => PerformanceAction;
  selectedDate: string | undefined;
};

/**
 * The `list` variation of the calendarLayout experiment: the month's days with performances,
 * each a heading over its performances, all in the ordinary Tab order.
 */
export function CalendarList({ calendar, flags, actionFor, selectedDate }: Props) {
  const intl = useIntl();
  const days = new Map<string, CalendarPerformance[]>();
  for (const performance of calendar.performances) {
    days.set(performance.localDate, [...(days.get(performance.localDate) ?? []), performance]);
  }
  return (
    <Days>
      {[...days].map(([date, performances]) => (
        <Day key={date} $selected={date === selectedDate}>
          <h3>{formatPerformanceDate(intl, performances[0]!.startsAt)}</h3>
          <Items>
            {performances.map((performance) => (
              <li key={performance.id}>
                <PerformanceItem
                  performance={performance}
                  currency={calendar.currency}
                  flags={flags}
                  action={actionFor(performance)}
                />
              </li>
            ))}
          </Items>
        </Day>
      ))}
    </Days>
  );
}

const Days = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Day = styled.li<{ $selected: boolean }>`
  padding: ${({ theme }) => theme.space[3]}px;
  border-block-end: 1px solid ${({ theme }) => theme.colors.divider};
  border-inline-start: ${({ theme, $selected }) =>
    $selected ? `${theme.focusRingWidth} solid ${theme.colors.accentText}` : '0'};

  h3 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.large};
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space[2]}px;
`;
