import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retrySchedule';

describe('retryDelayMs', () => {
  it('doubles from the first wait by default, without a cap or jitter', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs({ firstMs: 1_000 }, retry))).toEqual([
      1_000, 2_000, 4_000, 8_000,
    ]);
  });

  it('treats retry 0 like the first retry', () => {
    expect(retryDelayMs({ firstMs: 1_000 }, 0)).toBe(1_000);
  });

  it('stops at the longest wait', () => {
    const schedule = { firstMs: 60_000, maxMs: 3_600_000 };
    expect([1, 2, 6, 7, 8].map((retry) => retryDelayMs(schedule, retry))).toEqual([
      60_000, 120_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });

  it('keeps the wait level with factor 1', () => {
    expect([1, 2, 5].map((retry) => retryDelayMs({ firstMs: 2_000, factor: 1 }, retry))).toEqual([
      2_000, 2_000, 2_000,
    ]);
  });

  it('adds up to the jitter fraction at random, rounded to a millisecond', () => {
    const schedule = { firstMs: 2_000, maxMs: 60_000, jitter: 0.2 };
    expect(retryDelayMs(schedule, 1, () => 0)).toBe(2_000);
    expect(retryDelayMs(schedule, 1, () => 0.5)).toBe(2_200);
    expect(retryDelayMs(schedule, 1, () => 0.999)).toBe(2_400);
    expect(retryDelayMs(schedule, 10, () => 0.999)).toBe(71_988);
  });
});
