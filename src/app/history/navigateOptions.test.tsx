import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useNavigate, useRoutes, type NavigateFunction } from 'react-router';
import { AppRouter } from './AppRouter';
import { createMemoryAppHistory } from './createMemoryAppHistory';
import { READ_AGAINST_REACT_ROUTER, refuseUnhandledOptions } from './navigateOptions';

afterEach(cleanup);

describe('the history refuses navigate options it does not handle', () => {
  it('takes the options it honours, and any option left undefined or false', () => {
    expect(() => refuseUnhandledOptions(undefined)).not.toThrow();
    expect(() =>
      refuseUnhandledOptions({
        replace: true,
        state: { from: 'seats' },
        relative: 'path',
        preventScrollReset: undefined,
        viewTransition: undefined,
        flushSync: false,
      }),
    ).not.toThrow();
  });

  it.each([
    [{ flushSync: true }, 'flushSync'],
    [{ viewTransition: true }, 'viewTransition'],
    [{ preventScrollReset: true }, 'preventScrollReset'],
    [{ mask: '/elsewhere' }, 'mask'],
  ])('throws in development and tests for %o', (options, name) => {
    expect(() => refuseUnhandledOptions(options)).toThrow(new RegExp(`navigate option ${name}`));
  });

  it('names every option it refuses', () => {
    expect(() => refuseUnhandledOptions({ flushSync: true, viewTransition: true })).toThrow(
      'navigate options flushSync, viewTransition',
    );
  });

  it('refuses through navigate() and does not move; the same move without it goes', () => {
    const history = createMemoryAppHistory({ initialEntries: ['/'] });
    let navigate: NavigateFunction = () => undefined;
    function Pages() {
      navigate = useNavigate();
      return useRoutes([
        { path: '/', element: <h1>Home</h1> },
        { path: '/next', element: <h1>Next</h1> },
      ]);
    }
    render(
      <AppRouter history={history}>
        <Pages />
      </AppRouter>,
    );
    expect(() => act(() => void navigate('/next', { viewTransition: true }))).toThrow(
      /viewTransition/,
    );
    expect(history.location.pathname).toBe('/');
    act(() => void navigate('/next', { replace: true, state: { from: 'home' } }));
    expect(history.location.pathname).toBe('/next');
    expect(screen.getByRole('heading', { name: 'Next' })).toBeInTheDocument();
  });
});

describe('the React Router the history was written against', () => {
  it('is the installed minor: on an upgrade, re-read the history, then bump the pin', () => {
    const manifest = createRequire(import.meta.url).resolve('react-router/package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const [major, minor] = version.split('.');
    expect(
      `${major}.${minor}`,
      `react-router ${version} is installed; src/app/history was written against ${READ_AGAINST_REACT_ROUTER}. ` +
        'Re-read what React Router now hands navigator.push/replace (NavigateOptions) and how it ' +
        'drives a custom history, adapt src/app/history, then bump READ_AGAINST_REACT_ROUTER.',
    ).toBe(READ_AGAINST_REACT_ROUTER);
  });
});
