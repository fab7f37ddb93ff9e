import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import styled, { css } from 'styled-components';
import type { Calendar, CalendarPerformance } from '@contract/api/calendar';
import { VisuallyHidden } from '@/theme/VisuallyHidden';
import { formatPerformanceDate } from '@/i18n/format';
import { monthWeeks, moveFocus, weekdayColumns, type GridKey } from '../monthGrid';
import { PerformanceItem, type DisplayFlags, type PerformanceAction } from './PerformanceItem';

type Props = {
  calendar: Calendar;
  flags: DisplayFlags;
  actionFor: (performance: CalendarPerformance) => PerformanceAction;
  /** The `{date?}` of the route: its day is marked and keyboard focus starts there. */
  selectedDate: string | undefined;
  /** Page Up / Page Down: the previous or next month, if there is one. */
  onMonthStep: (step: -1 | 1) => void;
  /** Focus the grid's Tab stop when it appears (the buyer paged here from the last month's grid). */
  focusOnMount?: boolean;
  labelledBy: string;
};

const KEYS: Record<string, GridKey> = {
  ArrowRight: 'ArrowRight',
  ArrowLeft: 'ArrowLeft',
  ArrowDown: 'ArrowDown',
  ArrowUp: 'ArrowUp',
  Home: 'Home',
  End: 'End',
};

function gridKeyOf(event: KeyboardEvent): GridKey | undefined {
  if (event.ctrlKey && event.key === 'Home') return 'CtrlHome';
  if (event.ctrlKey && event.key === 'End') return 'CtrlEnd';
  return event.altKey || event.metaKey ? undefined : KEYS[event.key];
}

/** A Sunday, so `SUNDAY + n` days is weekday n; weekday names come from Intl in the venue's locale. */
const SUNDAY = Date.UTC(2024, 0, 7);

/**
 * The month as a WAI-ARIA grid. The focusable items are the performances (a day may have two or
 * more), with one of them in the Tab order at a time: the arrow keys move between them in time
 * and by week, Home/End within the week, Ctrl+Home/End to the month's ends, Page Up/Down change
 * month. On narrow screens the same table is laid out as a list of the days that have
 * performances.
 */
export function CalendarGrid({
  calendar,
  flags,
  actionFor,
  selectedDate,
  onMonthStep,
  focusOnMount = false,
  labelledBy,
}: Props) {
  const intl = useIntl();
  const instructionsId = useId();
  const { performances, startOfWeek, month } = calendar;
  const weeks = useMemo(() => monthWeeks(month, startOfWeek), [month, startOfWeek]);
  const dates = useMemo(() => performances.map((p) => p.localDate), [performances]);
  const byDate = useMemo(() => {
    const grouped = new Map<string, { performance: CalendarPerformance; index: number }[]>();
    performances.forEach((performance, index) => {
      const day = grouped.get(performance.localDate) ?? [];
      day.push({ performance, index });
      grouped.set(performance.localDate, day);
    });
    return grouped;
  }, [performances]);

  const start = selectedDate === undefined ? 0 : dates.findIndex((date) => date >= selectedDate);
  const [active, setActive] = useState({ month, index: Math.max(0, start) });
  const activeIndex = active.month === month ? active.index : Math.max(0, start);
  const items = useRef<(HTMLElement | null)[]>([]);
  const focusedOnMount = useRef(false);
  useLayoutEffect(() => {
    if (!focusOnMount || focusedOnMount.current) return;
    focusedOnMount.current = true;
    items.current[activeIndex]?.focus();
  }, [focusOnMount, activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      onMonthStep(event.key === 'PageUp' ? -1 : 1);
      return;
    }
    const key = gridKeyOf(event);
    if (key === undefined) return;
    const next = moveFocus(dates, activeIndex, key, startOfWeek);
    event.preventDefault();
    if (next === null) return;
    setActive({ month, index: next });
    items.current[next]?.focus();
  };

  const weekdays = weekdayColumns(startOfWeek).map((weekday) => {
    const day = new Date(SUNDAY + weekday * 86_400_000);
    return {
      weekday,
      short: intl.formatDate(day, { weekday: 'short', timeZone: 'UTC' }),
      long: intl.formatDate(day, { weekday: 'long', timeZone: 'UTC' }),
    };
  });

  return (
    <>
      <VisuallyHidden id={instructionsId}>
        {intl.formatMessage({ id: 'calendar.grid.instructions' })}
      </VisuallyHidden>
      <Grid role="grid" aria-labelledby={labelledBy} aria-describedby={instructionsId}>
        <thead>
          <tr role="row">
            {weekdays.map(({ weekday, short, long }) => (
              <th key={weekday} scope="col" role="columnheader">
                <span aria-hidden="true">{short}</span>
                <VisuallyHidden>{long}</VisuallyHidden>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <Week
              key={week.find((date) => date !== null) ?? ''}
              role="row"
              $empty={week.every((date) => date === null || !byDate.has(date))}
            >
              {week.map((date, column) => {
                // Explicit roles: a td is a "cell" to some assistive technology even in a grid.
                if (date === null) return <Day key={`empty-${column}`} role="gridcell" $empty />;
                const day = byDate.get(date) ?? [];
                return (
                  <Day
                    key={date}
                    role="gridcell"
                    aria-selected={date === selectedDate ? true : undefined}
                    $empty={day.length === 0}
                    $selected={date === selectedDate}
                  >
                    <DayNumber aria-hidden="true">{Number(date.slice(8))}</DayNumber>
                    {day[0] !== undefined && (
                      <NarrowDate aria-hidden="true">
                        {formatPerformanceDate(intl, day[0].performance.startsAt)}
                      </NarrowDate>
                    )}
                    {day.length > 0 && (
                      <Items>
                        {day.map(({ performance, index }) => (
                          <li key={performance.id}>
                            <PerformanceItem
                              performance={performance}
                              currency={calendar.currency}
                              flags={flags}
                              action={actionFor(performance)}
                              tabIndex={index === activeIndex ? 0 : -1}
                              itemRef={(element) => {
                                items.current[index] = element;
                              }}
                              onFocus={() => setActive({ month, index })}
                              onKeyDown={onKeyDown}
                            />
                          </li>
                        ))}
                      </Items>
                    )}
                  </Day>
                );
              })}
            </Week>
          ))}
        </tbody>
      </Grid>
    </>
  );
}

const narrow = ({ theme }: { theme: { breakpoints: { md: string } } }) =>
  `@media (max-width: ${theme.breakpoints.md})`;

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;

  th {
    padding: ${({ theme }) => theme.space[2]}px 0;
    font-size: ${({ theme }) => theme.fontSizes.small};
    text-align: center;
  }

  ${narrow} {
    &,
    tbody {
      display: block;
    }

    thead {
      display: none;
    }
  }
`;

const Week = styled.tr<{ $empty: boolean }>`
  ${narrow} {
    /* A week with nothing on is left out of the narrow list (a row needs a cell to show). */
    display: ${({ $empty }) => ($empty ? 'none' : 'block')};
  }
`;

const Day = styled.td<{ $empty?: boolean; $selected?: boolean }>`
  vertical-align: top;
  height: 6rem;
  padding: ${({ theme }) => theme.space[1]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  background: ${({ theme, $empty }) => ($empty ? theme.colors.surface : theme.colors.background)};
  ${({ $selected, theme }) =>
    $selected &&
    css`
      box-shadow: inset 0 0 0 ${theme.focusRingWidth} ${theme.colors.accentText};
    `}

  ${narrow} {
    display: ${({ $empty }) => ($empty ? 'none' : 'block')};
    height: auto;
    border-width: 0 0 1px;
    padding: ${({ theme }) => theme.space[3]}px 0;
  }
`;

const DayNumber = styled.span`
  display: block;
  font-weight: 600;

  ${narrow} {
    display: none;
  }
`;

const NarrowDate = styled.span`
  display: none;

  ${narrow} {
    display: block;
    font-weight: 600;
    margin-block-end: ${({ theme }) => theme.space[2]}px;
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[1]}px;

  ${narrow} {
    grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
    gap: ${({ theme }) => theme.space[2]}px;
  }
`;
