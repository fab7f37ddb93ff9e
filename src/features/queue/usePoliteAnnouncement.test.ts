import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ANNOUNCE_GAP_MS, usePoliteAnnouncement } from './usePoliteAnnouncement';

describe('usePoliteAnnouncement', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a moving place now and then, not at every answer, and a new stage at once', () => {
    const { result, rerender } = renderHook(
      ({ message, stage }) => usePoliteAnnouncement(message, stage),
      { initialProps: { message: 'Number 40, 39 ahead', stage: 'waiting' } },
    );
    expect(result.current).toBe('Number 40, 39 ahead');

    // The queue moves every few seconds: the live region stays as it was…
    rerender({ message: 'Number 40, 30 ahead', stage: 'waiting' });
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    rerender({ message: 'Number 40, 20 ahead', stage: 'waiting' });
    expect(result.current).toBe('Number 40, 39 ahead');

    // …until the gap has passed, when it says the latest.
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_GAP_MS);
    });
    expect(result.current).toBe('Number 40, 20 ahead');

    // The turn coming is said straight away.
    rerender({ message: 'It’s your turn.', stage: 'admitted' });
    expect(result.current).toBe('It’s your turn.');
  });
});
