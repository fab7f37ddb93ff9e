import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { addDays, venueToday } from './directoryFilters';
import { cmsRoot } from '../../../tests/msw/fixtures';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';

useMswServer();

/** The page's heading: "What's on" in en-GB, "Shows and events" in en-US (issue 24). */
async function whatsOn(heading = "What's on") {
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  // Every region has answered once the count is said.
  await screen.findByText(/^\d+ shows?$/, undefined, { timeout: 5000 });
}

const regionHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const showLinks = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.closest('li')?.querySelector('img') != null)
    .map((link) => link.textContent);

describe("What's on", () => {
  it('shows every show as a card with its poster, venue, dates and all-in price, UK first for en-GB', async () => {
    renderApp({ route: '/' });
    await whatsOn();
    expect(regionHeadings()).toEqual(['United Kingdom', 'United States', 'Our venues']);
    expect(screen.getByRole('status')).toHaveTextContent('9 shows');
    const card = screen.getByRole('link', { name: 'Fog City Follies' }).closest('li')!;
    expect(within(card).getByRole('img', { name: 'Poster for Fog City Follies' })).toHaveAttribute(
      'width',
      '1200',
    );
    expect(card).toHaveTextContent('Golden Gate Playhouse, San Francisco');
    // The shop speaks en-GB, so a San Francisco price reads "US$".
    expect(card).toHaveTextContent(/From US\$\d+/);
    expect(card).toHaveTextContent('13 Mar 2026 to 27 Jun 2026');
    expect(screen.getByText('Prices include all mandatory fees.')).toBeInTheDocument();
  });

  it('puts the US first when the shop speaks en-US', async () => {
    renderApp({
      route: '/',
      routeEnv: { venueSlug: 'hudson-stage', showSlug: 'the-glass-orchard' },
    });
    await whatsOn('Shows and events');
    expect(regionHeadings()).toEqual(['United States', 'United Kingdom', 'Our venues']);
    // The filter lists places in the same order.
    const where = screen.getByRole('combobox', { name: 'Region or city' });
    expect(
      within(where)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['US West', 'US East', 'US Central', 'United Kingdom']);
  });

  it('is framed as the shop, not as one of the eight venues', async () => {
    renderApp({ route: '/' });
    await whatsOn();
    expect(screen.getByRole('link', { name: 'Stagedoor home' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'The Lumen Theatre home' })).toBeNull();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Stagedoor');
    await waitFor(() => expect(document.title).toBe("What's on | Stagedoor"));

    // A venue's own page wears that venue's brand again.
    await userEvent.setup().click(screen.getByRole('link', { name: 'The Hudson Stage' }));
    await screen.findByRole('link', { name: 'The Hudson Stage home' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Stagedoor home' })).toBeNull();
  });

  it('filters as the buyer types, says how many are left and keeps the search in the address', async () => {
    const user = userEvent.setup();
    renderApp({ route: '/' });
    await whatsOn();
    const search = screen.getByRole('searchbox', { name: 'Search shows or venues' });
    await user.type(search, 'glass');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 shows'));
    expect(showLinks()).toEqual(['The Glass Orchard', 'The Glass Orchard']);
    // Focus stays in the box while the list changes under it.
    expect(search).toHaveFocus();
    expect(window.location.search).toBe('?q=glass');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Region or city' }), 'New York');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 show'));
    expect(screen.queryByRole('heading', { name: 'United Kingdom' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'United States' })).toBeInTheDocument();
    expect(new URLSearchParams(window.location.search).get('where')).toBe('us-east/New York');

    await user.clear(search);
    await user.type(search, 'hamlet');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No shows found'));
    expect(screen.getByText(/No shows match these filters/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('9 shows'));
    expect(window.location.search).toBe('');
  });

  it('opens a shared link already filtered', async () => {
    renderApp({ route: '/?venue=harbor-arena' });
    await whatsOn();
    expect(screen.getByRole('combobox', { name: 'Venue' })).toHaveValue('harbor-arena');
    expect(showLinks()).toEqual(['Harbor Lights Live']);
    expect(screen.getByRole('status')).toHaveTextContent('1 show');
  });

  it('finds shows by the days they play: the next 7 days, or one date', async () => {
    const today = venueToday(new Date(), 'Europe/London');
    server.use(
      http.get('/api/uk/cms', () => {
        const root = cmsRoot('uk');
        const [first, second, ...rest] = root.shows;
        return HttpResponse.json({
          ...root,
          shows: [
            { ...first!, playingDates: [addDays(today, 2)] },
            { ...second!, playingDates: [addDays(today, 20)] },
            ...rest.map((show) => ({ ...show, playingDates: [] })),
          ],
        });
      }),
    );
    const user = userEvent.setup();
    renderApp({ route: '/?where=uk' });
    await whatsOn();
    expect(screen.getByRole('status')).toHaveTextContent('3 shows');
    const when = screen.getByRole('combobox', { name: 'Date' });
    await user.selectOptions(when, 'Next 7 days');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 show'));
    const firstTitle = cmsRoot('uk').shows[0]!.title;
    expect(showLinks()).toEqual([firstTitle]);

    await user.selectOptions(when, 'On a date');
    const date = screen.getByLabelText('Performance date');
    await user.type(date, addDays(today, 20));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 show'));
    expect(showLinks()).toEqual([cmsRoot('uk').shows[1]!.title]);
    expect(new URLSearchParams(window.location.search).get('date')).toBe(addDays(today, 20));
  });

  describe("the reads the page's HTML started (boot.js, issue 26)", () => {
    afterEach(() => {
      delete window.__stagedoorEarlyReads;
    });

    /** The UK CMS root under another first title, so the test sees which answer was drawn. */
    const earlyRoot = () => {
      const root = cmsRoot('uk');
      const [first, ...rest] = root.shows;
      return { ...root, shows: [{ ...first!, title: 'The Early Reader' }, ...rest] };
    };
    const countUkReads = (answer: () => Response) => {
      const asked = { count: 0 };
      server.use(
        http.get('/api/uk/cms', () => {
          asked.count += 1;
          return answer();
        }),
      );
      return asked;
    };

    it('draws from the answer already on its way, without asking the API again', async () => {
      window.__stagedoorEarlyReads = {
        '/api/uk/cms': Promise.resolve(Response.json(earlyRoot())),
      };
      const asked = countUkReads(() => HttpResponse.json(cmsRoot('uk')));
      renderApp({ route: '/?where=uk' });
      await whatsOn();
      expect(screen.getByRole('link', { name: 'The Early Reader' })).toBeInTheDocument();
      expect(asked.count).toBe(0);
      // Taken once: a later read asks the API.
      expect(window.__stagedoorEarlyReads).toEqual({});
    });

    it('asks the API itself when that read failed, and shows its answer', async () => {
      window.__stagedoorEarlyReads = {
        '/api/uk/cms': Promise.resolve(new Response('busy', { status: 503 })),
      };
      const asked = countUkReads(() => HttpResponse.json(earlyRoot()));
      renderApp({ route: '/?where=uk' });
      await whatsOn();
      expect(screen.getByRole('link', { name: 'The Early Reader' })).toBeInTheDocument();
      expect(asked.count).toBe(1);
    });
  });
});
