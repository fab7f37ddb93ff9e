import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { QueueTicket } from '@contract/api/queue';
import { http } from '../../../tests/msw/contract';
import { queueSettings } from '../../../tests/msw/fixtures';
import { renderApp } from '../../../tests/msw/render';
import { server, useMswServer } from '../../../tests/msw/server';

useMswServer();

const SALE = 'harbor-lights-live-onsale';
const SHOW_PATH = '/shows/harbor-lights-live/harbor-arena/';

function ticket(overrides: Partial<QueueTicket>): QueueTicket {
  return {
    saleId: SALE,
    phase: 'waiting',
    opensAt: '2026-11-26T14:00:00.000Z',
    place: 40,
    ahead: 30,
    total: 120,
    estimatedWaitSeconds: 15,
    outflowPerMinute: 120,
    pollAfterSeconds: 1,
    pass: null,
    passExpiresAt: null,
    ...overrides,
  };
}

/** Harbor Arena's queue active in front of Harbor Lights Live, answering with these tickets. */
function queuedSale(answers: { join: QueueTicket; positions?: QueueTicket[] }) {
  const positions = [...(answers.positions ?? [])];
  server.use(
    http.get('/api/:region/venues/:venueSlug/queue', () =>
      HttpResponse.json({
        ...queueSettings('harbor-arena'),
        active: true,
        sales: [
          {
            saleId: SALE,
            name: 'Harbor Lights Live onsale',
            opensAt: answers.join.opensAt,
            scope: { showSlugs: ['harbor-lights-live'] },
          },
        ],
      }),
    ),
    http.post('/api/:region/queues/:saleId/join', () => HttpResponse.json(answers.join)),
    http.get('/api/:region/queues/:saleId/position', () =>
      HttpResponse.json(positions.length > 1 ? positions.shift() : (positions[0] ?? answers.join)),
    ),
  );
}

describe('the waiting room', () => {
  it('stands in front of a queued show: the pre-queue says when the sale opens, in the venue’s time', async () => {
    queuedSale({
      join: ticket({
        phase: 'preQueue',
        place: null,
        ahead: null,
        estimatedWaitSeconds: null,
        opensAt: '2099-06-01T14:00:00.000Z',
      }),
    });
    const { history } = renderApp({ route: SHOW_PATH });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Harbor Lights Live onsale' }),
    ).toBeInTheDocument();
    // 14:00 UTC is 10:00 in Boston (EDT), whatever the buyer's own zone.
    expect(screen.getByText(/The sale opens at .*10:00/, { selector: 'p' })).toBeInTheDocument();
    // The live region says the same once, politely.
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(/The sale opens at/);
    expect(history.location.pathname).toBe(`/queue/${SALE}`);
    expect(new URLSearchParams(history.location.search).get('next')).toBe(SHOW_PATH);
  });

  it('shows the place, the number ahead and the progress, then goes on to the show when admitted', async () => {
    queuedSale({
      join: ticket({}),
      positions: [
        ticket({ ahead: 10 }),
        ticket({
          phase: 'admitted',
          ahead: 0,
          estimatedWaitSeconds: 0,
          pass: 'pass',
          passExpiresAt: '2099-01-01T00:00:00.000Z',
        }),
      ],
    });
    const { history } = renderApp({ route: SHOW_PATH });
    expect(await screen.findByTestId('queue-place')).toHaveTextContent('40');
    expect(screen.getByTestId('queue-ahead')).toHaveTextContent('30');
    // 9 of the 39 who were ahead have gone through.
    expect(
      // Harbor Arena speaks en-US: a line, not a queue (issue 24).
      screen.getByRole('progressbar', { name: 'Your progress in line' }),
    ).toHaveAttribute('aria-valuenow', '23');
    await waitFor(() => expect(screen.getByTestId('queue-ahead')).toHaveTextContent('10'), {
      timeout: 5000,
    });
    await waitFor(() => expect(history.location.pathname).toBe(SHOW_PATH), {
      timeout: 5000,
    });
  });

  it('lets a buyer of a venue without a queue straight through', async () => {
    const { history } = renderApp({ route: '/shows/the-glass-orchard/lumen-theatre/' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/shows/the-glass-orchard/lumen-theatre/');
  });
});
