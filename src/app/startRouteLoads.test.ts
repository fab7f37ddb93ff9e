import { describe, expect, it, vi } from 'vitest';
import type { Location } from 'react-router';
import { env } from '@/config/env';
import { getVenue } from '@/config/venues';
import { startRouteLoads } from './router';

/** Which route chunks have been asked for, in order (each mocked page records its own import). */
const asked = vi.hoisted(() => [] as string[]);

vi.mock('@/features/queue/QueueGate', () => {
  asked.push('QueueGate');
  return { default: () => null };
});
vi.mock('@/features/seatSelection/ChoosingFlows', () => {
  asked.push('ChoosingFlows');
  return { default: () => null };
});
vi.mock('@/features/seatSelection/TicketsPage', () => {
  asked.push('TicketsPage');
  return { default: () => null };
});

const at = (pathname: string): Location => ({
  pathname,
  search: '',
  hash: '',
  state: null,
  key: 'default',
});

describe('startRouteLoads (issue 26: what the first page waits for, asked for before it renders)', () => {
  it('asks for the seat page and both layouts in front of it at once, before anything renders', async () => {
    startRouteLoads(
      'default',
      env,
      at('/shows/the-glass-orchard/lumen-theatre/tickets/6B7D4563-B1CB-4138-8590-ACFA380F0235'),
    );
    // Nothing was rendered: React.lazy would have asked for the gate first, and for the page
    // only once the gate and the flows had loaded and rendered.
    await vi.waitFor(() =>
      expect([...asked].sort()).toEqual(['ChoosingFlows', 'QueueGate', 'TicketsPage']),
    );
    // The venue's frame too: its logo is the seat page's largest paint.
    const logos = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(logos.map((link) => link.getAttribute('href'))).toEqual([
      getVenue('lumen-theatre')?.logoUrl,
    ]);
  });
});
