import { cleanup, render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Money } from '@contract/api/common';
import { getVenue } from '@/config/venues';
import { VenueIntlProvider } from './VenueIntlProvider';
import {
  formatMoney,
  formatPerformanceDate,
  formatPerformanceTime,
  venueCalendarDate,
} from './format';

// The buyer's machine is in London whatever the venue; the venue's zone must win.
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/London';
});
afterEach(cleanup);
afterAll(() => {
  process.env.TZ = originalTz;
});

function Probe({ instant, money }: { instant: string; money: Money }) {
  const intl = useIntl();
  return (
    <dl>
      <dt>time</dt>
      <dd data-testid="time">{formatPerformanceTime(intl, instant)}</dd>
      <dt>date</dt>
      <dd data-testid="date">{formatPerformanceDate(intl, instant)}</dd>
      <dt>day</dt>
      <dd data-testid="day">{venueCalendarDate(intl, instant)}</dd>
      <dt>money</dt>
      <dd data-testid="money">{formatMoney(intl, money)}</dd>
    </dl>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

async function renderAt(slug: string, instant: string, money: Money) {
  render(
    <VenueIntlProvider venue={getVenue(slug)!}>
      <Probe instant={instant} money={money} />
    </VenueIntlProvider>,
  );
  await screen.findByTestId('time');
}

describe('venue formatting', () => {
  it('shows a 19:30 New York performance as 7:30 PM to a buyer in London', async () => {
    expect(new Date('2026-03-13T23:30:00Z').getHours()).toBe(23);
    await renderAt('hudson-stage', '2026-03-13T23:30:00Z', { amount: 8950, currency: 'USD' });
    expect(text('time')).toBe('7:30 PM');
    expect(text('date')).toBe('Fri, March 13, 2026');
    expect(text('day')).toBe('2026-03-13');
    expect(text('money')).toBe('$89.50');
  });

  it('keeps the venue date when the instant is already tomorrow in London', async () => {
    await renderAt('lone-star-theater', '2026-07-04T02:00:00Z', { amount: 12000, currency: 'USD' });
    expect(text('time')).toBe('9:00 PM');
    expect(text('day')).toBe('2026-07-03');
    expect(text('money')).toBe('$120');
  });

  it('shows a London performance on the 24-hour clock in pounds', async () => {
    await renderAt('lumen-theatre', '2026-08-01T18:30:00Z', { amount: 4550, currency: 'GBP' });
    expect(text('time')).toBe('19:30');
    expect(text('date')).toBe('Sat, 1 August 2026');
    expect(text('money')).toBe('£45.50');
  });
});
