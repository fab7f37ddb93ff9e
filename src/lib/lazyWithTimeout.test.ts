import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, lazyWithTimeout } from './lazyWithTimeout';

describe('lazyWithTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the module when the chunk arrives in time', async () => {
    const load = lazyWithTimeout(
      () =>
        new Promise<{ default: string }>((resolve) =>
          setTimeout(() => resolve({ default: 'page' }), 1000),
        ),
    );
    const result = load();
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ default: 'page' });
  });

  it('fails with ChunkLoadError once 120000 ms pass without the chunk', async () => {
    const load = lazyWithTimeout(() => new Promise<never>(() => {}));
    const result = load();
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toMatchObject({ name: 'ChunkLoadError' });
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turns a failed dynamic import into a ChunkLoadError', async () => {
    const load = lazyWithTimeout(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(load()).rejects.toMatchObject({ name: 'ChunkLoadError' });
  });

  it('leaves no timer behind once the chunk has loaded', async () => {
    await lazyWithTimeout(() => Promise.resolve({}))();
    expect(vi.getTimerCount()).toBe(0);
  });
});
