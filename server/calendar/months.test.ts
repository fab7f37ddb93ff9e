import { describe, expect, it } from 'vitest';
import { addMonths, localDateTime, monthAt, monthBounds } from './months';

describe('calendar months on the venue’s clock', () => {
  it('counts months across year ends both ways', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-03', 14)).toBe('2027-05');
  });

  it('starts and ends a month at local midnight, across a daylight-saving change', () => {
    // London is on BST on 1 October and GMT on 1 November.
    expect(monthBounds('2026-10', 'Europe/London')).toEqual({
      from: new Date('2026-09-30T23:00:00Z'),
      to: new Date('2026-11-01T00:00:00Z'),
    });
    expect(monthBounds('2027-03', 'America/New_York')).toEqual({
      from: new Date('2027-03-01T05:00:00Z'),
      to: new Date('2027-04-01T04:00:00Z'),
    });
  });

  it('reads a New York evening on the 31st as the 31st, though it is the 1st in UTC', () => {
    const instant = new Date('2026-11-01T00:00:00Z'); // 20:00 on 31 October in New York
    expect(monthAt(instant, 'America/New_York')).toBe('2026-10');
    expect(monthAt(instant, 'Europe/London')).toBe('2026-11');
    expect(localDateTime(instant, 'America/New_York')).toEqual({
      date: '2026-10-31',
      time: '20:00',
    });
  });
});
