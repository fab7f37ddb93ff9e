import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isCalendarDate, isId, isSlug } from '../../contract/patterns';
import { matchPattern, type PageKey } from '../../contract/routes';

/**
 * The build's map of what each page loads (scripts/vitePluginRoutePreloads.ts writes it beside
 * the SPA): per page of the build's routing mode, its pattern and the URLs of its lazy chunks;
 * per venue, its text chunks and logo.
 */
export interface RoutePreloads {
  /** The venue of single-venue and single-show builds (and the directory's house frame). */
  venueSlug: string;
  /** `reads`: the API reads the page starts with, which public/boot.js starts from the HTML. */
  routes: { page: PageKey; pattern: string; files: string[]; reads?: string[] }[];
  venues: Record<string, { files: string[]; logo?: string }>;
}

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** The map of the SPA in `root`, or undefined for a build without one (nothing is announced). */
export function readRoutePreloads(root: string): RoutePreloads | undefined {
  const file = join(root, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as RoutePreloads;
}

/**
 * Whether the address names a page the SPA will draw, checked as src/app/router.tsx checks it:
 * an address it would answer with "not found" announces nothing, so a wrong guess costs nothing.
 */
function validParams(page: PageKey, params: Record<string, string | undefined>): boolean {
  if ('titleSlug' in params && !isSlug(params.titleSlug)) return false;
  if ('venueSlug' in params && !isSlug(params.venueSlug)) return false;
  if (page === 'calendar' && params.date !== undefined && !isCalendarDate(params.date))
    return false;
  if (page === 'tickets' && !isId(params.performanceId)) return false;
  return true;
}

/** What a page's HTML tells the browser before the app has run (spa.ts puts it in the head). */
export interface PageHints {
  /** `<link>` tags for the page's own files. */
  links: string;
  /** Paths of the API reads public/boot.js starts (`<meta name="stagedoor-early-reads">`). */
  reads: string[];
}

const NO_HINTS: PageHints = { links: '', reads: [] };

/**
 * What the page at `pathname` will ask for once the app has run: its lazy chunks (modulepreload,
 * which also compiles them off the main thread) and, on a venue's pages, that venue's text chunks
 * and its logo (the largest image of the first screen there), as `<link>` tags, so the browser
 * fetches them beside the app's chunks; and the API reads it starts with (What's on's CMS roots),
 * which boot.js starts and the app takes over (src/api/earlyReads.ts). Nothing for any other
 * address (checkout, account, unknown pages, a venue the build does not know): those load as before.
 */
export function pageHints(preloads: RoutePreloads, pathname: string): PageHints {
  for (const route of preloads.routes) {
    const params = matchPattern(route.pattern, pathname);
    if (params === undefined) continue;
    if (!validParams(route.page, params)) return NO_HINTS;
    const venueSlug = params.venueSlug ?? preloads.venueSlug;
    const venue = preloads.venues[venueSlug];
    // The SPA answers an unknown venue with its "not found" page, which loads none of these.
    if (venue === undefined) return NO_HINTS;
    const modules = route.page === 'directory' ? route.files : [...route.files, ...venue.files];
    const links = modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
    if (route.page !== 'directory' && venue.logo !== undefined)
      links.push(`<link rel="preload" as="image" fetchpriority="high" href="${venue.logo}">`);
    return { links: links.join(''), reads: route.reads ?? [] };
  }
  return NO_HINTS;
}
