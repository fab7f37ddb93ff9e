import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { showContent } from '../../../tests/msw/fixtures';
import { http } from '../../../tests/msw/contract';
import { server, useMswServer } from '../../../tests/msw/server';
import { renderApp } from '../../../tests/msw/render';

useMswServer();

const SOLD_OUT_ID = 'B1B2C3D4-E5F6-4789-ABCD-EF0123456789';
const PRESALE_ID = 'C1B2C3D4-E5F6-4789-ABCD-EF0123456789';

describe('show page', () => {
  it('gives the key facts up front and books the next performances from their links', async () => {
    server.use(
      http.get('/api/:region/venues/:venueSlug/shows/:titleSlug', () => {
        const content = showContent('lumen-theatre', 'the-glass-orchard')!;
        const upcoming = content.performances.upcoming;
        return HttpResponse.json({
          ...content,
          performances: {
            ...content.performances,
            upcoming: [
              ...upcoming,
              {
                ...upcoming[1]!,
                id: SOLD_OUT_ID,
                startsAt: '2026-03-17T19:30:00.000Z',
                availability: 'sold-out',
              },
              {
                ...upcoming[1]!,
                id: PRESALE_ID,
                startsAt: '2026-07-01T18:30:00.000Z',
                isPresale: true,
              },
            ],
          },
        });
      }),
    );
    renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/' });
    await screen.findByRole('heading', { level: 1, name: 'The Glass Orchard' }, { timeout: 5000 });

    const facts = screen.getByRole('region', { name: 'Show information' });
    expect(facts).toHaveTextContent('2 hours 30 minutes, including 1 interval');
    expect(facts).toHaveTextContent('Children under 5 are not admitted');
    expect(screen.getByText(/42 performances · 13 Mar 2026 to 27 Jun 2026/)).toBeInTheDocument();
    expect(screen.getByText('Tickets from £25, including all mandatory fees')).toBeInTheDocument();

    const next = screen.getByRole('region', { name: 'Next performances' });
    // 23:30 UTC on 13 March is 23:30 in London: the venue's clock.
    const first = within(next).getByRole('link', { name: /Fri, 13 March 2026, 23:30/ });
    const [firstPerformance] = showContent('lumen-theatre', 'the-glass-orchard')!.performances
      .upcoming;
    expect(first).toHaveAttribute(
      'href',
      `/shows/the-glass-orchard/lumen-theatre/tickets/${firstPerformance!.id}`,
    );
    expect(first).toHaveAccessibleName(/Good availability/);
    // A sold-out performance is said, not offered.
    expect(within(next).getByText('Tue, 17 March 2026, 19:30').closest('a')).toBeNull();
    expect(within(next).getByText('Sold out')).toBeInTheDocument();
    // A presale goes to its day on the calendar, where the code is asked for.
    expect(within(next).getByRole('link', { name: /1 July 2026, 19:30.*Presale/ })).toHaveAttribute(
      'href',
      '/shows/the-glass-orchard/lumen-theatre/calendar/2026-07-01',
    );
    expect(within(next).getByRole('link', { name: 'See all 42 dates' })).toHaveAttribute(
      'href',
      '/shows/the-glass-orchard/lumen-theatre/calendar/',
    );
  });
});
