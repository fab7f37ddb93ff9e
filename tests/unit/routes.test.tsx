import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RoutingMode } from '@/config/env';
import { CHECKOUT_PATHS, pathsFor } from '@/config/paths';
import type { RootState } from '@/app/store';
import { useMswServer } from '../msw/server';
import { orderViewOf } from '../msw/orders';
import { renderApp, TEST_ROUTE_ENV } from '../msw/render';

useMswServer();

const PERF = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
const ORDER = '9C4B1B9E-2F4A-4C3D-8E5F-0A1B2C3D4E5F';

const heldState: Partial<RootState> = {
  reservation: {
    status: 'held',
    pending: null,
    error: null,
    takenSeatIds: [],
    clockOffsetMs: 0,
    region: 'uk',
    hold: {
      id: '40AD0000-0000-4000-8000-000000000001',
      performanceId: PERF,
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      extensionsLeft: 10,
      seats: [
        {
          id: '5EA70000-0000-4000-8000-000100000002',
          section: 'STALLS',
          row: 'A',
          number: 2,
          priceBand: 'A',
          price: { amount: 6500, currency: 'GBP' },
        },
      ],
      admissions: [],
    },
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    performanceId: PERF,
  },
};

const NOT_FOUND = 'Page not found';

/** The order just paid for, as the pay answer leaves it in the store. */
const confirmedState: Partial<RootState> = {
  order: {
    status: 'succeeded',
    order: orderViewOf('40AD0000-0000-4000-8000-000000000001', ORDER, { card: null }),
    error: null,
    handover: { status: 'idle', link: null },
  },
};

/** [path, expected h1] for the mode-specific pages of spec §2. */
const PAGES: Record<RoutingMode, [string, string][]> = {
  'multi-venue': [
    ['/', "What's on"],
    ['/events/the-glass-orchard/lumen-theatre/', 'The Glass Orchard'],
    ['/events/the-glass-orchard/hudson-stage/', 'The Glass Orchard'],
    ['/events/the-glass-orchard/lumen-theatre/calendar/', 'Choose a date'],
    ['/events/the-glass-orchard/lumen-theatre/calendar/2026-03-13', 'Choose a date'],
    [`/events/the-glass-orchard/lumen-theatre/tickets/${PERF}`, 'Select seat'],
  ],
  'single-venue': [
    ['/', 'The Lumen Theatre'],
    ['/events/echoes-of-avalon/', 'Echoes of Avalon'],
    ['/events/the-glass-orchard/calendar/2026-03-13', 'Choose a date'],
    [`/events/the-glass-orchard/tickets/${PERF}`, 'Select seat'],
  ],
  'single-show': [
    ['/', 'The Glass Orchard'],
    ['/calendar/', 'Choose a date'],
    ['/calendar/2026-03-13?pc=SPRING!', 'Choose a date'],
    [`/tickets/${PERF}`, 'Select seat'],
  ],
  default: [
    ['/', "What's on"],
    ['/venues/lumen-theatre/', 'The Lumen Theatre'],
    ['/venues/harbor-arena/', 'Harbor Arena'],
    ['/shows/the-glass-orchard/lumen-theatre/', 'The Glass Orchard'],
    ['/shows/the-glass-orchard/lumen-theatre/calendar/', 'Choose a date'],
    ['/shows/the-glass-orchard/lumen-theatre/calendar/2026-03-13?pc=bad%20code', 'Choose a date'],
    [`/shows/the-glass-orchard/lumen-theatre/tickets/${PERF}`, 'Select seat'],
  ],
};

const COMMON: [string, string, Partial<RootState> | undefined][] = [
  [CHECKOUT_PATHS.extras, 'Extras', heldState],
  [CHECKOUT_PATHS.ticketProtection, 'Ticket refund protection', heldState],
  [CHECKOUT_PATHS.collection, 'Ticket delivery', heldState],
  [CHECKOUT_PATHS.contacts, 'Contact details', heldState],
  [CHECKOUT_PATHS.payment, 'Payment', heldState],
  // The bank's return for a payment this tab did not start is nobody's page.
  [`${CHECKOUT_PATHS.verify}?paymentId=${ORDER}`, NOT_FOUND, undefined],
  // Seats whose choice is not known are the buyer's, not "Best available tickets".
  [CHECKOUT_PATHS.reservations, 'Check your seats', heldState],
  [CHECKOUT_PATHS.failed, 'There has been a problem with your payment', undefined],
  [`${CHECKOUT_PATHS.confirmation}?order=${ORDER}`, 'Your order is confirmed', confirmedState],
  ['/membership', 'Memberships', undefined],
  ['/subscriptions', 'Subscriptions', undefined],
];

const LONG = 'a'.repeat(256);

/** Bad params of each mode: slug with a space or 256 chars, impossible date, lowercase or 35-char id. */
const BAD: Record<RoutingMode, string[]> = {
  'multi-venue': [
    '/events/the%20glass/lumen-theatre/',
    `/events/${LONG}/lumen-theatre/`,
    '/events/the-glass-orchard/no-such-venue/',
    '/events/the-glass-orchard/lumen-theatre/calendar/2026-02-30',
    `/events/the-glass-orchard/lumen-theatre/tickets/${PERF.toLowerCase()}`,
    `/events/the-glass-orchard/lumen-theatre/tickets/${PERF.slice(1)}`,
  ],
  'single-venue': [
    '/events/the%20glass/',
    `/events/${LONG}/`,
    '/events/the-glass-orchard/calendar/2026-02-30',
    `/events/the-glass-orchard/tickets/${PERF.toLowerCase()}`,
    `/events/the-glass-orchard/tickets/${PERF.slice(1)}`,
  ],
  'single-show': [
    '/calendar/2026-02-30',
    `/tickets/${PERF.toLowerCase()}`,
    `/tickets/${PERF.slice(1)}`,
    '/venues/lumen-theatre/',
  ],
  default: [
    '/venues/the%20lumen/',
    `/venues/${LONG}/`,
    '/venues/no-such-venue/',
    `/shows/the-glass-orchard/${LONG}/`,
    '/shows/the-glass-orchard/lumen-theatre/calendar/2026-02-30',
    `/shows/the-glass-orchard/lumen-theatre/tickets/${PERF.toLowerCase()}`,
    `/shows/the-glass-orchard/lumen-theatre/tickets/${PERF.slice(1)}`,
    '/nowhere',
  ],
};

async function expectHeading(name: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name }, { timeout: 5000 }),
  ).toBeInTheDocument();
}

const MODES = Object.keys(PAGES) as RoutingMode[];

describe.each(MODES)('routing mode %s', (mode) => {
  it.each(PAGES[mode])('%s shows "%s"', async (route, heading) => {
    renderApp({ mode, route });
    await expectHeading(heading);
  });

  it.each(COMMON)('%s shows "%s"', async (route, heading, preloadedState) => {
    renderApp({ mode, route, preloadedState });
    await expectHeading(heading);
  });

  it.each(BAD[mode])('%s is the not-found page', async (route) => {
    renderApp({ mode, route });
    await expectHeading(NOT_FOUND);
  });

  it('sends a checkout step without a live hold back to the venue home', async () => {
    // Released (or never held) after choosing at the Lumen: nothing to check out.
    const released: Partial<RootState> = {
      reservation: {
        status: 'none',
        pending: null,
        error: null,
        takenSeatIds: [],
        clockOffsetMs: 0,
        venueSlug: 'lumen-theatre',
      },
    };
    const { history } = renderApp({
      mode,
      route: CHECKOUT_PATHS.payment,
      preloadedState: released,
    });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(history.location.pathname).toBe(
      pathsFor(mode, TEST_ROUTE_ENV).venuePath('lumen-theatre'),
    );
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('shows not-found for a confirmation without an order', async () => {
    renderApp({ mode, route: `${CHECKOUT_PATHS.confirmation}?order=not-an-id` });
    await expectHeading(NOT_FOUND);
  });
});

describe('path builders', () => {
  it.each([
    ['multi-venue', '/events/the-glass-orchard/hudson-stage/calendar/2026-03-13?pc=SPRING'],
    ['single-venue', '/events/the-glass-orchard/calendar/2026-03-13?pc=SPRING'],
    ['single-show', '/calendar/2026-03-13?pc=SPRING'],
    ['default', '/shows/the-glass-orchard/hudson-stage/calendar/2026-03-13?pc=SPRING'],
  ] as const)('%s builds the calendar path %s', (mode, expected) => {
    expect(
      pathsFor(mode, TEST_ROUTE_ENV).calendarPath(
        'the-glass-orchard',
        'hudson-stage',
        '2026-03-13',
        'SPRING',
      ),
    ).toBe(expected);
  });

  it('builds spec §2 show, venue and tickets paths', () => {
    const multi = pathsFor('multi-venue', TEST_ROUTE_ENV);
    const byDefault = pathsFor('default', TEST_ROUTE_ENV);
    expect(multi.showPath('neon-lowlands', 'motor-city-music-hall')).toBe(
      '/events/neon-lowlands/motor-city-music-hall/',
    );
    expect(multi.venuePath('harbor-arena')).toBe('/');
    expect(byDefault.venuePath('harbor-arena')).toBe('/venues/harbor-arena/');
    expect(byDefault.ticketsPath('neon-lowlands', 'motor-city-music-hall', PERF)).toBe(
      `/shows/neon-lowlands/motor-city-music-hall/tickets/${PERF}`,
    );
    expect(pathsFor('single-show', TEST_ROUTE_ENV).showPath('x', 'y')).toBe('/');
  });
});
