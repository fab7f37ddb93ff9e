import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, parseForcedVariations, pickVariation } from './experiments';

describe('experiments', () => {
  it('forces variations from repeated force-opty values', () => {
    const forced = parseForcedVariations(['calendarLayout:list', 'tpCopy:b']);
    expect(pickVariation('calendarLayout', { sessionId: 's1', forced })).toBe('list');
    expect(pickVariation('tpCopy', { sessionId: 's1', forced })).toBe('b');
  });

  it('ignores unknown experiments, unknown variations and malformed values', () => {
    expect(
      parseForcedVariations(['nope:a', 'tpCopy:z', 'calendarLayout', ':list', 'tpCopy:']),
    ).toEqual({});
  });

  it('buckets a session the same way every time, across the declared variations', () => {
    const first = pickVariation('calendarLayout', { sessionId: 'session-123', forced: {} });
    expect(pickVariation('calendarLayout', { sessionId: 'session-123', forced: {} })).toBe(first);
    const seen = new Set(
      Array.from({ length: 50 }, (_, index) =>
        pickVariation('calendarLayout', { sessionId: `s-${index}`, forced: {} }),
      ),
    );
    expect([...seen].sort()).toEqual([...EXPERIMENTS.calendarLayout].sort());
  });
});
