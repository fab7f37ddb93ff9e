import { afterEach, describe, expect, it, vi } from 'vitest';
import { tabStorage } from './tabStorage';

const parseCount = (value: unknown) =>
  typeof value === 'object' && value !== null && typeof (value as { n?: unknown }).n === 'number'
    ? (value as { n: number })
    : null;

afterEach(() => {
  vi.restoreAllMocks();
  window.sessionStorage.clear();
});

describe('a value kept for the tab', () => {
  it('is read back after a store, and gone once forgotten', () => {
    const kept = tabStorage('test.kept', parseCount);
    expect(kept.read()).toBeNull();
    kept.store({ n: 1 });
    expect(kept.read()).toEqual({ n: 1 });
    expect(window.sessionStorage.getItem('test.kept')).toBe('{"n":1}');
    kept.forget();
    expect(kept.read()).toBeNull();
  });

  it('lives in the page’s memory when the browser refuses storage', () => {
    const kept = tabStorage('test.refused', parseCount);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'QuotaExceededError');
    });
    kept.store({ n: 2 });
    expect(kept.read()).toEqual({ n: 2 });
    kept.forget();
    expect(kept.read()).toBeNull();
  });

  it('drops an entry it cannot read instead of acting on it', () => {
    const kept = tabStorage('test.damaged', parseCount);
    window.sessionStorage.setItem('test.damaged', '{"n":"one"}');
    expect(kept.read()).toBeNull();
    expect(window.sessionStorage.getItem('test.damaged')).toBeNull();
    window.sessionStorage.setItem('test.damaged', 'not json');
    expect(kept.read()).toBeNull();
  });
});
