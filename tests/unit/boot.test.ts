import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** public/boot.js runs as a classic script before the app; here it runs in jsdom the same way. */
const BOOT = readFileSync(join(process.cwd(), 'public/boot.js'), 'utf8');
const POLYFILL = 'https://polyfill.example/v3/polyfill.min.js';

type BootWindow = Window & { __stagedoorBoot?: string };

const setFetch = (value: unknown) => Reflect.set(window, 'fetch', value);

function runBoot() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- executing the shipped file verbatim
  const script = new Function(BOOT) as () => void;
  script();
}

describe('boot.js', () => {
  const win = window as BootWindow;
  const originalFetch = Reflect.get(win, 'fetch') as typeof fetch | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    delete win.__stagedoorBoot;
    document.head.innerHTML = `<meta name="stagedoor-polyfill" content="${POLYFILL}">`;
    document.body.innerHTML = '<div id="root"></div>';
    setFetch(originalFetch ?? vi.fn());
  });
  afterEach(() => {
    vi.useRealTimers();
    setFetch(originalFetch);
  });

  it('marks the page ready at once when every feature is present', () => {
    runBoot();
    expect(win.__stagedoorBoot).toBe('ready');
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows Loading..., loads the polyfill and retries every 500 ms until the feature arrives', () => {
    Reflect.deleteProperty(window, 'fetch');
    const ready = vi.fn();
    window.addEventListener('stagedoor:ready', ready, { once: true });
    runBoot();
    expect(document.querySelector('#root h1')).toHaveTextContent('Loading...');
    expect(document.querySelector('script')).toHaveAttribute('src', POLYFILL);
    vi.advanceTimersByTime(500);
    expect(ready).not.toHaveBeenCalled();
    setFetch(vi.fn());
    vi.advanceTimersByTime(499);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(win.__stagedoorBoot).toBe('ready');
  });

  it("starts the reads the page's HTML names, on this site only, for the app to take", () => {
    const fetchSpy = vi.fn(() => Promise.resolve(new Response('{}')));
    setFetch(fetchSpy);
    document.head.innerHTML +=
      '<meta name="stagedoor-early-reads" content="/api/uk/cms /api/us-west/cms //evil.example/x https://evil.example/y /api/uk/cms">';
    runBoot();
    expect(fetchSpy.mock.calls).toEqual([
      ['/api/uk/cms', { credentials: 'same-origin', headers: { Accept: 'application/json' } }],
      ['/api/us-west/cms', { credentials: 'same-origin', headers: { Accept: 'application/json' } }],
    ]);
    expect(Object.keys(Reflect.get(window, '__stagedoorEarlyReads') as object)).toEqual([
      '/api/uk/cms',
      '/api/us-west/cms',
    ]);
    expect(win.__stagedoorBoot).toBe('ready');
    Reflect.deleteProperty(window, '__stagedoorEarlyReads');
  });

  it('starts no read where the HTML names none', () => {
    const fetchSpy = vi.fn();
    setFetch(fetchSpy);
    runBoot();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(Reflect.get(window, '__stagedoorEarlyReads')).toBeUndefined();
  });
});
