import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationType } from 'react-router';
import { createBrowserAppHistory } from './createBrowserAppHistory';
import type { Blocker, HistoryUpdate } from './types';

// jsdom keeps one window per file: each test starts on a fresh entry of its own, and a
// finished test's history stops watching it (no leftover blocker answers the next test's Back).
const teardown: Array<() => void> = [];
beforeEach(() => {
  window.history.replaceState(null, '', '/start');
});
afterEach(() => {
  teardown.splice(0).forEach((stop) => stop());
});

/** jsdom moves on back()/go() in a later task: wait for the address to say it has. */
async function addressIs(pathname: string) {
  await vi.waitFor(() => expect(window.location.pathname).toBe(pathname), { timeout: 5000 });
}

function watched() {
  const history = createBrowserAppHistory(window);
  const updates: HistoryUpdate[] = [];
  teardown.push(history.listen((update) => updates.push(update)));
  const states: Blocker[] = [];
  const block = (shouldBlock: () => boolean) =>
    teardown.push(history.block(shouldBlock, (blocker) => states.push(blocker)));
  const latest = () => states.at(-1);
  return { history, updates, block, latest };
}

describe('createBrowserAppHistory', () => {
  it('marks the entry it opened on as position 0, keeping what the entry already had', () => {
    window.history.replaceState({ usr: { from: 'mail' }, key: 'k1' }, '', '/shows?page=2#list');
    const history = createBrowserAppHistory(window);
    expect(window.history.state).toEqual({ usr: { from: 'mail' }, key: 'k1', idx: 0 });
    expect(history.location).toEqual({
      pathname: '/shows',
      search: '?page=2',
      hash: '#list',
      state: { from: 'mail' },
      key: 'k1',
    });
  });

  it('pushes and replaces real entries carrying the state, a key and their position', () => {
    const { history, updates } = watched();
    history.push('/shows', { from: 'home' });
    expect(window.location.pathname).toBe('/shows');
    expect(window.history.state).toEqual({
      usr: { from: 'home' },
      key: history.location.key,
      idx: 1,
    });
    history.replace('/shows?page=2');
    expect(window.location.search).toBe('?page=2');
    expect(window.history.state).toMatchObject({ usr: null, idx: 1 });
    expect(history.location.state).toBeNull();
    expect(updates.map(({ action }) => action)).toEqual([
      NavigationType.Push,
      NavigationType.Replace,
    ]);
    expect(history.createHref({ pathname: '/basket', search: '?x=1' })).toBe('/basket?x=1');
  });

  it("turns the browser's Back into a POP update", async () => {
    const { history, updates } = watched();
    history.push('/shows');
    history.go(-1);
    await vi.waitFor(() => expect(updates).toHaveLength(2), { timeout: 5000 });
    expect(updates[1]?.action).toBe(NavigationType.Pop);
    expect(history.location.pathname).toBe('/start');
  });

  it('puts a blocked Back back without a word to the listeners; proceed then goes back', async () => {
    const { history, updates, block, latest } = watched();
    history.push('/shows');
    history.push('/checkout/seats');
    const ask = vi.fn(() => true);
    block(ask);

    window.history.back();
    await vi.waitFor(() => expect(latest()?.state).toBe('blocked'), { timeout: 5000 });
    expect(latest()?.location?.pathname).toBe('/shows');
    // The address shows the next entry when popstate fires; the history steps back to ours.
    await addressIs('/checkout/seats');
    expect(window.history.state).toMatchObject({ idx: 2 });
    expect(history.location.pathname).toBe('/checkout/seats');
    expect(updates.map(({ action }) => action)).toEqual([NavigationType.Push, NavigationType.Push]);

    latest()?.proceed?.();
    expect(latest()?.state).toBe('unblocked');
    await addressIs('/shows');
    await vi.waitFor(() => expect(history.location.pathname).toBe('/shows'), { timeout: 5000 });
    expect(updates.at(-1)?.action).toBe(NavigationType.Pop);
    // proceed() carried the held Back out; the blocker was asked once only.
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('reset after a blocked Back leaves the buyer on their page', async () => {
    const { history, updates, block, latest } = watched();
    history.push('/checkout/seats');
    block(() => true);

    history.go(-1);
    await vi.waitFor(() => expect(latest()?.state).toBe('blocked'), { timeout: 5000 });
    await addressIs('/checkout/seats');
    latest()?.reset?.();
    expect(latest()?.state).toBe('unblocked');
    expect(history.location.pathname).toBe('/checkout/seats');
    expect(updates).toHaveLength(1);
  });

  it('gives an entry a #fragment link made the next position, so Back from it is exact', async () => {
    const { history, updates, block, latest } = watched();
    // What a browser does for <a href="#main">: a new entry after the current one, then popstate.
    window.history.pushState(null, '', '/start#main');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(history.location.hash).toBe('#main');
    expect((window.history.state as { idx: number }).idx).toBe(1);
    expect(updates.map((update) => update.action)).toEqual([NavigationType.Pop]);

    history.push('/checkout/seats');
    expect((window.history.state as { idx: number }).idx).toBe(2);
    block(() => true);
    // Two steps back at once (the Back button's menu): put back by exactly two.
    window.history.go(-2);
    await vi.waitFor(() => expect(latest()?.state).toBe('blocked'), { timeout: 5000 });
    expect(latest()?.location?.pathname).toBe('/start');
    expect(latest()?.location?.hash).toBe('');
    await addressIs('/checkout/seats');
    expect(history.location.pathname).toBe('/checkout/seats');
  });
});
