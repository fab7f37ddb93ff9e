import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CalendarPerformance } from '@contract/api/calendar';
import { renderWithProviders } from '../../../../tests/msw/render';
import { PerformanceItem } from './PerformanceItem';

const PART_ONE = 'AA000001-0000-4000-8000-000000000001';
const PART_TWO = 'AA000002-0000-4000-8000-000000000002';

/** A two-part choice as the calendar answers it: Part One's day, both parts' starts. */
function pair(partTwo: { date: string; at: string }): CalendarPerformance {
  return {
    id: PART_ONE,
    startsAt: '2026-03-14T14:30:00.000Z',
    localDate: '2026-03-14',
    localTime: '14:30',
    availability: 'good',
    fromPrice: { amount: 12150, currency: 'GBP' },
    presale: false,
    unlocked: false,
    promoApplied: false,
    parts: [
      {
        part: 1,
        id: PART_ONE,
        startsAt: '2026-03-14T14:30:00.000Z',
        localDate: '2026-03-14',
        localTime: '14:30',
      },
      { part: 2, id: PART_TWO, startsAt: partTwo.at, localDate: partTwo.date, localTime: '19:30' },
    ],
  };
}

const FLAGS = { hideAvailabilityIndicators: false, hideCalendarMinPrice: false };

describe('a two-part choice on the calendar', () => {
  it('is one link to Part One’s seats, naming Part Two’s time on the same day', async () => {
    renderWithProviders(
      <PerformanceItem
        performance={pair({ date: '2026-03-14', at: '2026-03-14T19:30:00.000Z' })}
        currency="GBP"
        flags={FLAGS}
        action={{ kind: 'book', to: `/tickets/${PART_ONE}` }}
      />,
    );
    const link = await screen.findByRole('link', { name: /^14:30 Two parts Part Two: 19:30 / });
    expect(link).toHaveAttribute('href', `/tickets/${PART_ONE}`);
  });

  it('names Part Two’s date when it plays the next evening', async () => {
    renderWithProviders(
      <PerformanceItem
        performance={pair({ date: '2026-03-15', at: '2026-03-15T19:30:00.000Z' })}
        currency="GBP"
        flags={FLAGS}
        action={{ kind: 'book', to: `/tickets/${PART_ONE}` }}
      />,
    );
    expect(
      await screen.findByRole('link', { name: /Part Two: Sun, 15 March 2026, 19:30/ }),
    ).toBeInTheDocument();
  });
});
