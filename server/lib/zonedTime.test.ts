import { describe, expect, it } from 'vitest';
import { addDays, dayOfWeek, localDate, zonedToUtc } from './zonedTime';

describe('zonedToUtc', () => {
  it('converts London wall-clock times either side of the clocks going back', () => {
    expect(zonedToUtc('2026-10-24', '19:30', 'Europe/London').toISOString()).toBe(
      '2026-10-24T18:30:00.000Z',
    );
    expect(zonedToUtc('2026-10-25', '19:30', 'Europe/London').toISOString()).toBe(
      '2026-10-25T19:30:00.000Z',
    );
  });

  it('converts US wall-clock times either side of the clocks going forward', () => {
    expect(zonedToUtc('2027-03-13', '20:00', 'America/New_York').toISOString()).toBe(
      '2027-03-14T01:00:00.000Z',
    );
    expect(zonedToUtc('2027-03-14', '20:00', 'America/New_York').toISOString()).toBe(
      '2027-03-15T00:00:00.000Z',
    );
    expect(zonedToUtc('2027-01-10', '14:00', 'America/Los_Angeles').toISOString()).toBe(
      '2027-01-10T22:00:00.000Z',
    );
  });

  it('moves a time inside the spring-forward gap to after the gap', () => {
    expect(zonedToUtc('2027-03-28', '01:30', 'Europe/London').toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
  });
});

describe('calendar helpers', () => {
  it('reads the local date in the venue time zone, not UTC', () => {
    const lateUtc = new Date('2026-11-23T03:00:00Z');
    expect(localDate(lateUtc, 'Europe/London')).toBe('2026-11-23');
    expect(localDate(lateUtc, 'America/Los_Angeles')).toBe('2026-11-22');
  });

  it('adds days across month ends and names weekdays', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(dayOfWeek('2026-11-22')).toBe(0);
  });
});
