import { describe, expect, it } from 'vitest';
import { addMonths, monthWeeks, moveFocus, weekdayColumns } from './monthGrid';

describe('month grid', () => {
  it('puts the 1st under its weekday for a Sunday or a Monday start', () => {
    // 1 March 2026 is a Sunday.
    const sunday = monthWeeks('2026-03', 0);
    expect(sunday[0]![0]).toBe('2026-03-01');
    const monday = monthWeeks('2026-03', 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, '2026-03-01']);
    expect(monday.at(-1)).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null]);
    expect(monday).toHaveLength(6);
  });

  it('has exactly the month’s days, in rows of seven', () => {
    // February 2026 starts on a Sunday and has 28 days: four full weeks.
    const february = monthWeeks('2026-02', 0);
    expect(february).toHaveLength(4);
    expect(february.flat().filter((date) => date !== null)).toHaveLength(28);
    const leap = monthWeeks('2028-02', 6).flat();
    expect(leap.filter((date) => date !== null).at(-1)).toBe('2028-02-29');
    expect(leap.length % 7).toBe(0);
  });

  it('orders the weekday columns from the start of the week', () => {
    expect(weekdayColumns(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayColumns(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});

describe('arrow keys in the grid', () => {
  // Fri 13, Sat 14 (two), Tue 17, Tue 31 March 2026.
  const dates = ['2026-03-13', '2026-03-14', '2026-03-14', '2026-03-17', '2026-03-31'];

  it('steps through performances in time order, stopping at the ends', () => {
    expect(moveFocus(dates, 0, 'ArrowRight', 1)).toBe(1);
    expect(moveFocus(dates, 1, 'ArrowLeft', 1)).toBe(0);
    expect(moveFocus(dates, 0, 'ArrowLeft', 1)).toBeNull();
    expect(moveFocus(dates, 4, 'ArrowRight', 1)).toBeNull();
  });

  it('goes a week on to the first performance at least seven days later, or back', () => {
    expect(moveFocus(dates, 0, 'ArrowDown', 1)).toBe(4);
    expect(moveFocus(dates, 3, 'ArrowDown', 1)).toBe(4);
    expect(moveFocus(dates, 4, 'ArrowDown', 1)).toBeNull();
    expect(moveFocus(dates, 4, 'ArrowUp', 1)).toBe(3);
    expect(moveFocus(dates, 3, 'ArrowUp', 1)).toBeNull();
  });

  it('goes to the ends of the week by the venue’s week, and of the month with Ctrl', () => {
    // Monday start: 13 and 14 March share a week (9–15); Sunday start they do too (8–14).
    expect(moveFocus(dates, 0, 'End', 1)).toBe(2);
    expect(moveFocus(dates, 2, 'Home', 1)).toBe(0);
    // The 17th's week has no other performance.
    expect(moveFocus(dates, 3, 'Home', 0)).toBe(3);
    expect(moveFocus(dates, 2, 'CtrlEnd', 0)).toBe(4);
    expect(moveFocus(dates, 4, 'CtrlHome', 0)).toBe(0);
  });
});
