/**
 * Spec §2's four routing tables: the SPA builds its routes and links from them (src/config/paths.ts,
 * src/app/router.tsx), and the server reads them to tell a browser, in the HTML of a page's
 * address, which of the page's files to fetch at once (server/http/routePreloads.ts).
 */

/** The routing tables of spec §2; anything not named here selects the default table. */
export const ROUTING_MODES = ['multi-venue', 'single-venue', 'single-show', 'default'] as const;
export type RoutingMode = (typeof ROUTING_MODES)[number];

/** A VITE_ROUTING_MODE value as the build reads it: anything unknown is the default table. */
export function toRoutingMode(value: string | undefined): RoutingMode {
  return (ROUTING_MODES as readonly string[]).includes(value ?? '')
    ? (value as RoutingMode)
    : 'default';
}

export type PageKey = 'directory' | 'venue' | 'show' | 'calendar' | 'tickets';

/** React Router patterns of the pages whose paths depend on the mode. */
export const ROUTE_PATTERNS: Record<RoutingMode, Partial<Record<PageKey, string>>> = {
  'multi-venue': {
    directory: '/',
    show: '/events/:titleSlug/:venueSlug',
    calendar: '/events/:titleSlug/:venueSlug/calendar/:date?',
    tickets: '/events/:titleSlug/:venueSlug/tickets/:performanceId',
  },
  'single-venue': {
    venue: '/',
    show: '/events/:titleSlug',
    calendar: '/events/:titleSlug/calendar/:date?',
    tickets: '/events/:titleSlug/tickets/:performanceId',
  },
  'single-show': {
    show: '/',
    calendar: '/calendar/:date?',
    tickets: '/tickets/:performanceId',
  },
  default: {
    directory: '/',
    venue: '/venues/:venueSlug',
    show: '/shows/:titleSlug/:venueSlug',
    calendar: '/shows/:titleSlug/:venueSlug/calendar/:date?',
    tickets: '/shows/:titleSlug/:venueSlug/tickets/:performanceId',
  },
};

/**
 * The params of `pathname` under `pattern` as React Router matches them (case-insensitive, an
 * optional trailing slash, `:name?` segments optional, segments percent-decoded), or undefined.
 */
export function matchPattern(
  pattern: string,
  pathname: string,
): Record<string, string | undefined> | undefined {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const params: Record<string, string | undefined> = {};
  let at = 0;
  for (const segment of wanted) {
    const value = given[at];
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (value === undefined) {
        if (!optional) return undefined;
        params[name] = undefined;
        continue;
      }
      try {
        params[name] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
      at += 1;
    } else {
      if (value === undefined || value.toLowerCase() !== segment.toLowerCase()) return undefined;
      at += 1;
    }
  }
  return at === given.length ? params : undefined;
}
