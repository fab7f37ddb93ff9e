import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchPattern, ROUTE_PATTERNS, ROUTING_MODES } from '@contract/routes';

/**
 * The server reads a page's address with matchPattern to announce that page's files in its HTML
 * (server/http/routePreloads.ts); the SPA reads the same address with React Router. Where they
 * disagreed, a page would be sent another page's files, or none.
 */
const ADDRESSES = [
  '/',
  '/shows/the-glass-orchard/lumen-theatre',
  '/shows/the-glass-orchard/lumen-theatre/',
  '/Shows/The-Glass-Orchard/lumen-theatre/Calendar/',
  '/shows/the-glass-orchard/lumen-theatre/calendar/2026-12-01',
  '/shows/the-glass-orchard/lumen-theatre/tickets/01D58650-5403-4484-AB0B-A59E35856056',
  '/shows/the%20glass/lumen-theatre',
  '/shows/the-glass-orchard',
  '/shows/the-glass-orchard/lumen-theatre/tickets',
  '/shows/the-glass-orchard/lumen-theatre/tickets/x/y',
  '/events/the-glass-orchard/lumen-theatre/calendar',
  '/events/the-glass-orchard/calendar/2026-12-01',
  '/events/the-glass-orchard/tickets/01D58650-5403-4484-AB0B-A59E35856056',
  '/venues/lumen-theatre',
  '/calendar',
  '/calendar/2026-12-01/',
  '/tickets/01D58650-5403-4484-AB0B-A59E35856056',
  '/checkout/payment',
  '//shows//the-glass-orchard',
];

describe('matchPattern', () => {
  for (const mode of ROUTING_MODES) {
    it(`reads every address of the ${mode} table as React Router does`, () => {
      for (const pattern of Object.values(ROUTE_PATTERNS[mode])) {
        for (const address of ADDRESSES) {
          // As the router reads it (src/app/router.tsx: matchRoutes over the route table).
          const expected = matchRoutes([{ path: pattern }], address)?.[0] ?? null;
          const params = matchPattern(pattern, address);
          expect({ pattern, address, matched: params !== undefined }).toEqual({
            pattern,
            address,
            matched: expected !== null,
          });
          if (expected && params) {
            const defined = Object.fromEntries(
              Object.entries(params).filter(([, value]) => value !== undefined),
            );
            expect(defined).toEqual({ ...expected.params });
          }
        }
      }
    });
  }
});
