import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedInFlight } from './inFlight';

/** A load whose answers the test releases by hand, counting how often it ran. */
function manualLoad() {
  const pending: ((value: string) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const load = vi.fn(
    (key: string) =>
      new Promise<string>((resolve, reject) => {
        pending.push(() => resolve(`answer for ${key}`));
        failures.push(reject);
      }),
  );
  return { load, resolveAll: () => pending.splice(0).forEach((f) => f('')), failures };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sharedInFlight', () => {
  it('shares one running load between identical calls, and loads afresh once it has settled', async () => {
    const { load, resolveAll } = manualLoad();
    const shared = sharedInFlight((key: string) => key, load);
    const first = shared('a');
    const second = shared('a');
    const other = shared('b');
    expect(load).toHaveBeenCalledTimes(2);
    resolveAll();
    expect(await first).toBe('answer for a');
    expect(await second).toBe('answer for a');
    expect(await other).toBe('answer for b');
    const again = shared('a');
    expect(load).toHaveBeenCalledTimes(3);
    resolveAll();
    await again;
  });

  it('keeps an answer for keepMs, then loads afresh; a failure is never kept', async () => {
    vi.useFakeTimers();
    const { load, resolveAll, failures } = manualLoad();
    const shared = sharedInFlight((key: string) => key, load, 2000);
    const first = shared('a');
    resolveAll();
    await first;
    vi.advanceTimersByTime(1999);
    expect(shared('a')).toBe(first);
    vi.advanceTimersByTime(1);
    const fresh = shared('a');
    expect(fresh).not.toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
    failures.at(-1)!(new Error('database went away'));
    await expect(fresh).rejects.toThrow('database went away');
    void shared('a');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
