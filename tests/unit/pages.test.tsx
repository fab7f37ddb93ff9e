import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { http } from '../msw/contract';
import type { RootState } from '@/app/store';
import { useMswServer, server } from '../msw/server';
import { apiError } from '../msw/handlers';
import { renderApp } from '../msw/render';

useMswServer();

const SHOW_URL = '/api/:region/venues/:venueSlug/shows/:titleSlug';
const forcedBook: Partial<RootState> = {
  session: {
    sessionId: 'test-session',
    attribution: {},
    forcedVariations: { showCta: 'book' },
    cfg: null,
    csrfToken: null,
  },
};

async function h1(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}

describe('venue page', () => {
  it('shows the venue, its address and access information, and links to each show', async () => {
    renderApp({ route: '/venues/lumen-theatre/' });
    await h1('The Lumen Theatre');
    expect(screen.getByText('1 Stage Door Lane')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Access information' })).toBeInTheDocument();
    const shows = screen.getByRole('region', { name: "What's on at The Lumen Theatre" });
    expect(within(shows).getByRole('link', { name: 'The Glass Orchard' })).toHaveAttribute(
      'href',
      '/shows/the-glass-orchard/lumen-theatre/',
    );
    expect(within(shows).getByRole('link', { name: 'Echoes of Avalon' })).toBeInTheDocument();
    expect(within(shows).getAllByText('From £25')[0]).toBeInTheDocument();
    expect(document.title).toBe('The Lumen Theatre');
  });

  it('moves focus to the new page heading after in-app navigation', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/venues/lumen-theatre/' });
    await h1('The Lumen Theatre');
    expect(document.activeElement).not.toBe(screen.getByRole('heading', { level: 1 }));
    await user.click(screen.getByRole('link', { name: 'Echoes of Avalon' }));
    const heading = await h1('Echoes of Avalon');
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('show page', () => {
  it('summarises performances in the venue time zone with all-in prices and a link to the calendar', async () => {
    renderApp({ route: '/shows/the-glass-orchard/hudson-stage/', preloadedState: forcedBook });
    await h1('The Glass Orchard');
    // 23:30 UTC is 7:30 PM in New York, whatever zone the test machine is in.
    expect(screen.getByText(/Fri, March 13, 2026, 7:30\sPM/)).toBeInTheDocument();
    expect(screen.getByText(/42 performances/)).toBeInTheDocument();
    expect(screen.getByText('Tickets from $59, including all mandatory fees')).toBeInTheDocument();
    // An American running time (issue 24): an intermission, not an interval.
    expect(screen.getByText('2 hours 30 minutes, including 1 intermission')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book tickets' })).toHaveAttribute(
      'href',
      '/shows/the-glass-orchard/hudson-stage/calendar/',
    );
    expect(screen.getByRole('img', { name: 'Poster for The Glass Orchard' })).toBeInTheDocument();
    expect(document.title).toBe('The Glass Orchard at The Hudson Stage');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('follows a forced experiment variation for the call to action', async () => {
    renderApp({
      route: '/shows/the-glass-orchard/lumen-theatre/',
      preloadedState: {
        session: { ...forcedBook.session!, forcedVariations: { showCta: 'choose' } },
      },
    });
    await h1('The Glass Orchard');
    expect(screen.getByRole('link', { name: 'Choose a date' })).toBeInTheDocument();
  });

  it('shows the not-found page when the API has no such show', async () => {
    renderApp({ route: '/shows/no-such-show/lumen-theatre/' });
    await h1('Page not found');
  });

  it('shows the server-error page on a 500 and recovers with Try again', async () => {
    let failures = 1;
    server.use(
      http.get(SHOW_URL, () => {
        if (failures > 0) {
          failures -= 1;
          return apiError(500, 'internal_error');
        }
        return undefined;
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/' });
    await h1('Something went wrong on our side');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await h1('The Glass Orchard');
  });

  it('shows the server-error page when the network fails', async () => {
    server.use(http.get(SHOW_URL, () => HttpResponse.error()));
    renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/' });
    await h1('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the unknown-error page for an unexpected answer', async () => {
    server.use(http.get(SHOW_URL, () => apiError(429, 'rate_limited')));
    renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/' });
    await h1('Something went wrong');
  });
});

describe("what's on directory", () => {
  it('lists every region and keeps the others when one region fails, with a retry', async () => {
    let usEastDown = true;
    server.use(
      http.get('/api/us-east/cms', () =>
        usEastDown ? apiError(503, 'service_unavailable') : undefined,
      ),
    );
    const user = userEvent.setup();
    renderApp({ route: '/' });
    await h1("What's on");
    // Regions are grouped by country; the failed one is named inside its country's section.
    const eastRegion = await screen.findByRole('region', { name: 'United States' });
    const alert = await within(eastRegion).findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the shows for US East.");
    expect(await screen.findByRole('link', { name: 'Fog City Follies' })).toHaveAttribute(
      'href',
      '/shows/fog-city-follies/golden-gate-playhouse/',
    );
    usEastDown = false;
    await user.click(within(eastRegion).getByRole('button', { name: 'Try again' }));
    expect(
      await within(eastRegion).findByRole('link', { name: 'Harbor Lights Live' }),
    ).toBeInTheDocument();
  });
});
