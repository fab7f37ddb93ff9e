import { describe, expect, it, vi } from 'vitest';
import { NavigationType } from 'react-router';
import { createMemoryAppHistory } from './createMemoryAppHistory';
import type { AppHistory, Blocker, BlockerFunction, HistoryUpdate } from './types';

function watch(history: AppHistory) {
  const updates: HistoryUpdate[] = [];
  history.listen((update) => updates.push(update));
  return updates;
}

/** Installs a blocker and keeps every state it reports, the latest last. */
function blockWith(history: AppHistory, shouldBlock: BlockerFunction) {
  const states: Blocker[] = [];
  const ask = vi.fn(shouldBlock);
  const asked = (call: number) => ask.mock.calls[call]?.[0];
  const uninstall = history.block(ask, (blocker) => states.push(blocker));
  const latest = () => {
    const blocker = states.at(-1);
    if (blocker === undefined) throw new Error('the blocker reported nothing');
    return blocker;
  };
  return { ask, asked, states, latest, uninstall };
}

describe('createMemoryAppHistory', () => {
  it('starts on the last initial entry unless told which, with a default key on the first', () => {
    expect(createMemoryAppHistory().location).toEqual({
      pathname: '/',
      search: '',
      hash: '',
      state: null,
      key: 'default',
    });
    const history = createMemoryAppHistory({
      initialEntries: ['/', '/shows?date=2026-12-01#top'],
    });
    expect(history.location).toMatchObject({
      pathname: '/shows',
      search: '?date=2026-12-01',
      hash: '#top',
    });
    expect(history.action).toBe(NavigationType.Pop);
    expect(
      createMemoryAppHistory({ initialEntries: ['/', '/shows'], initialIndex: 0 }).location
        .pathname,
    ).toBe('/');
  });

  it('pushes, replaces and goes, telling each listener what moved and how', () => {
    const history = createMemoryAppHistory();
    const updates = watch(history);
    history.push('/shows', { from: 'home' });
    history.replace({ pathname: '/shows', search: '?page=2' });
    history.push('/basket');
    history.go(-1);
    expect(
      updates.map(({ action, location }) => [action, location.pathname + location.search]),
    ).toEqual([
      [NavigationType.Push, '/shows'],
      [NavigationType.Replace, '/shows?page=2'],
      [NavigationType.Push, '/basket'],
      [NavigationType.Pop, '/shows?page=2'],
    ]);
    expect(updates[0]?.location.state).toEqual({ from: 'home' });
    // Each move is a new entry with its own key; going back finds the replaced entry's key.
    const keys = updates.map(({ location }) => location.key);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[1]);
    expect(history.location).toBe(updates[3]?.location);
  });

  it('goes nowhere past either end, and stops telling a listener that unsubscribed', () => {
    const history = createMemoryAppHistory();
    const updates: HistoryUpdate[] = [];
    const unlisten = history.listen((update) => updates.push(update));
    history.go(-1);
    expect(updates).toEqual([]);
    unlisten();
    history.push('/shows');
    expect(updates).toEqual([]);
    expect(history.location.pathname).toBe('/shows');
  });

  it('makes hrefs from strings and path objects', () => {
    const history = createMemoryAppHistory();
    expect(history.createHref('/shows?page=2')).toBe('/shows?page=2');
    expect(history.createHref({ pathname: '/shows', search: '?page=2', hash: '#list' })).toBe(
      '/shows?page=2#list',
    );
  });

  it('holds a blocked push back until proceed, and reset leaves the buyer where they were', () => {
    const history = createMemoryAppHistory({ initialEntries: ['/checkout/seats'] });
    const updates = watch(history);
    const blocker = blockWith(history, () => true);

    history.push('/shows');
    expect(blocker.asked(0)?.action).toBe(NavigationType.Push);
    expect(blocker.asked(0)?.currentLocation.pathname).toBe('/checkout/seats');
    expect(blocker.asked(0)?.nextLocation.pathname).toBe('/shows');
    expect(blocker.latest()).toMatchObject({ state: 'blocked', location: { pathname: '/shows' } });
    expect(history.location.pathname).toBe('/checkout/seats');
    expect(updates).toEqual([]);

    blocker.latest().reset?.();
    expect(blocker.latest().state).toBe('unblocked');
    expect(history.location.pathname).toBe('/checkout/seats');
    expect(updates).toEqual([]);

    history.push('/shows');
    blocker.latest().proceed?.();
    expect(history.location.pathname).toBe('/shows');
    expect(updates.map(({ action }) => action)).toEqual([NavigationType.Push]);
    expect(blocker.latest().state).toBe('unblocked');
    // proceed() carried the held move out; it did not ask again.
    expect(blocker.ask).toHaveBeenCalledTimes(2);
  });

  it('puts a blocked go(-1) back on the current entry, and proceed goes back for real', () => {
    const history = createMemoryAppHistory({ initialEntries: ['/shows', '/checkout/seats'] });
    const updates = watch(history);
    const blocker = blockWith(history, () => true);

    history.go(-1);
    expect(blocker.latest()).toMatchObject({ state: 'blocked', location: { pathname: '/shows' } });
    expect(blocker.asked(0)?.action).toBe(NavigationType.Pop);
    expect(history.location.pathname).toBe('/checkout/seats');
    expect(updates).toEqual([]);

    blocker.latest().proceed?.();
    expect(history.location.pathname).toBe('/shows');
    expect(updates.map(({ action }) => action)).toEqual([NavigationType.Pop]);
    expect(blocker.ask).toHaveBeenCalledTimes(1);
  });

  it('forgets a held move once the blocker is uninstalled, and lets moves through again', () => {
    const history = createMemoryAppHistory();
    const blocker = blockWith(history, () => true);
    history.push('/shows');
    const held = blocker.latest();
    blocker.uninstall();
    held.proceed?.();
    expect(history.location.pathname).toBe('/');
    history.push('/basket');
    expect(history.location.pathname).toBe('/basket');
    expect(blocker.ask).toHaveBeenCalledTimes(1);
  });
});
