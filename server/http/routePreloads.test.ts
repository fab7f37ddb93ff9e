import { describe, expect, it } from 'vitest';
import { pageHints, type RoutePreloads } from './routePreloads';

const preloadLinksFor = (map: RoutePreloads, pathname: string) => pageHints(map, pathname).links;

/** The map a default-mode build writes (scripts/vitePluginRoutePreloads.ts), cut down. */
const MAP: RoutePreloads = {
  venueSlug: 'lumen-theatre',
  routes: [
    {
      page: 'directory',
      pattern: '/',
      files: ['/assets/DirectoryPage-a.js'],
      reads: ['/api/uk/cms', '/api/us-west/cms'],
    },
    { page: 'venue', pattern: '/venues/:venueSlug', files: ['/assets/VenuePage-b.js'] },
    {
      page: 'show',
      pattern: '/shows/:titleSlug/:venueSlug',
      files: ['/assets/queue-c.js', '/assets/ShowPage-d.js'],
    },
    {
      page: 'calendar',
      pattern: '/shows/:titleSlug/:venueSlug/calendar/:date?',
      files: ['/assets/queue-c.js', '/assets/CalendarPage-e.js'],
    },
    {
      page: 'tickets',
      pattern: '/shows/:titleSlug/:venueSlug/tickets/:performanceId',
      files: ['/assets/queue-c.js', '/assets/TicketsPage-f.js'],
    },
  ],
  venues: {
    'lumen-theatre': { files: ['/assets/en-GB-g.js'], logo: '/assets/logo-h.svg' },
    'harbor-arena': { files: ['/assets/en-US-i.js'], logo: '/assets/logo-j.svg' },
  },
};

const hrefs = (links: string) => [...links.matchAll(/<link rel="(\w+)"[^>]* href="([^"]+)">/g)];
const modules = (links: string) =>
  hrefs(links)
    .filter(([, rel]) => rel === 'modulepreload')
    .map(([, , href]) => href);
const images = (links: string) =>
  hrefs(links)
    .filter(([, rel]) => rel === 'preload')
    .map(([, , href]) => href);

const PERFORMANCE = '01D58650-5403-4484-AB0B-A59E35856056';

describe('preloadLinksFor', () => {
  it("announces a seat page's chunks, its venue's text and its venue's logo", () => {
    const links = preloadLinksFor(
      MAP,
      `/shows/the-glass-orchard/lumen-theatre/tickets/${PERFORMANCE}`,
    );
    expect(modules(links)).toEqual([
      '/assets/queue-c.js',
      '/assets/TicketsPage-f.js',
      '/assets/en-GB-g.js',
    ]);
    expect(images(links)).toEqual(['/assets/logo-h.svg']);
    expect(links).toContain('fetchpriority="high"');
    expect(links).toContain('crossorigin');
  });

  it('follows the venue the address names', () => {
    const links = preloadLinksFor(MAP, '/shows/echoes/harbor-arena/calendar/2026-12-01');
    expect(modules(links)).toEqual([
      '/assets/queue-c.js',
      '/assets/CalendarPage-e.js',
      '/assets/en-US-i.js',
    ]);
    expect(images(links)).toEqual(['/assets/logo-j.svg']);
  });

  it("announces What's on's chunk alone: it wears no venue's frame", () => {
    const links = preloadLinksFor(MAP, '/');
    expect(modules(links)).toEqual(['/assets/DirectoryPage-a.js']);
    expect(images(links)).toEqual([]);
  });

  it("has What's on's CMS reads started, and no other page's", () => {
    expect(pageHints(MAP, '/').reads).toEqual(['/api/uk/cms', '/api/us-west/cms']);
    expect(pageHints(MAP, '/shows/the-glass-orchard/lumen-theatre').reads).toEqual([]);
    expect(pageHints(MAP, '/checkout/payment').reads).toEqual([]);
  });

  it('announces nothing where the app would show "not found" or another page', () => {
    for (const address of [
      '/shows/the-glass-orchard/nowhere-theatre',
      '/shows/the-glass-orchard/lumen-theatre/tickets/not-an-id',
      '/shows/the-glass-orchard/lumen-theatre/calendar/tomorrow',
      '/shows/the%20glass/lumen-theatre',
      '/shows/the-glass-orchard/lumen-theatre/%E0%A4%A',
      '/checkout/payment',
      '/account',
      '/no/such/page',
    ])
      expect(preloadLinksFor(MAP, address), address).toBe('');
  });

  it("uses the build's own venue where the routing mode has no venue in the address", () => {
    const singleShow: RoutePreloads = {
      ...MAP,
      routes: [{ page: 'tickets', pattern: '/tickets/:performanceId', files: ['/assets/T.js'] }],
    };
    expect(modules(preloadLinksFor(singleShow, `/tickets/${PERFORMANCE}`))).toEqual([
      '/assets/T.js',
      '/assets/en-GB-g.js',
    ]);
  });
});
