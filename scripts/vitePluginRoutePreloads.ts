import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { bookingApiBase, REGIONS, type Region } from '../contract/regions.ts';
import { ROUTE_PATTERNS, type PageKey, type RoutingMode } from '../contract/routes.ts';
import type { RoutePreloads } from '../server/http/routePreloads.ts';

/** Where the build leaves the map for the server (server/http/routePreloads.ts reads it). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * The lazy modules each page's branch renders, outermost first, as src/app/router.tsx nests them
 * (QueueGate in front of the show, calendar and seat pages, ChoosingFlows around the last two).
 * The build fails if one is in no chunk, so a renamed page cannot silently drop out of the map.
 */
const PAGE_BRANCHES: Record<PageKey, string[]> = {
  directory: ['src/features/catalogue/DirectoryPage.tsx'],
  venue: ['src/features/catalogue/VenuePage.tsx'],
  show: ['src/features/queue/QueueGate.tsx', 'src/features/catalogue/ShowPage.tsx'],
  calendar: [
    'src/features/queue/QueueGate.tsx',
    'src/features/seatSelection/ChoosingFlows.tsx',
    'src/features/calendar/CalendarPage.tsx',
  ],
  tickets: [
    'src/features/queue/QueueGate.tsx',
    'src/features/seatSelection/ChoosingFlows.tsx',
    'src/features/seatSelection/TicketsPage.tsx',
  ],
};

/**
 * What every page but What's on waits for beside its chunks (sourceCatalogue.ts, preloadFrame);
 * vite.config.ts puts them in one chunk.
 */
export const VENUE_PAGE_MODULES = [
  'virtual:stagedoor/messages-other-pages',
  'virtual:stagedoor/prebuilt-venue-themes',
];

interface VenueFile {
  slug: string;
  region: Region;
  locale: string;
  brand?: string;
}

/**
 * Issue 26: the HTML of a page's address names the files that page will load, so a phone fetches
 * them beside the app's own chunks instead of one round trip after the app has run (lazy chunks,
 * the venue's text and logo). The build knows the files, the server knows the address: this
 * writes the map from one to the other (ROUTE_PRELOADS_FILE), every file already resolved to
 * its hashed URL, with the files the HTML announces anyway left out.
 */
export function routePreloads(options: {
  root: string;
  mode: RoutingMode;
  venueSlug: string;
  appModule: string;
  /** The build's VITE_* settings (the booking APIs' addresses). */
  settings: Partial<Record<string, string | undefined>>;
}): Plugin {
  let base = '/';
  return {
    name: 'stagedoor-route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle);
      const chunks = outputs.filter((output): output is OutputChunk => output.type === 'chunk');
      const chunkOf = (module: string) => {
        // A module's chunk: its own, or the group it was put in (vite.config.ts).
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
        if (!chunk) throw new Error(`routePreloads: no chunk for ${module}`);
        return chunk;
      };
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const child of (bundle[fileName] as OutputChunk | undefined)?.imports ?? [])
          withImports(child, into);
      };
      // The entry and the app chunk with its imports are in every page's HTML (preloadApp).
      const inHtml = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) withImports(chunk.fileName, inHtml);
      const app = chunkOf(options.appModule);
      withImports(app.fileName, inHtml);
      const filesOf = (modules: string[]) => {
        const files = new Set<string>();
        for (const module of modules) {
          withImports(chunkOf(module).fileName, files);
        }
        return [...files].filter((file) => !inHtml.has(file)).map((file) => `${base}${file}`);
      };

      const venuesDir = join(options.root, 'venues');
      const venueEntries = readdirSync(venuesDir)
        .filter((folder) => existsSync(join(venuesDir, folder, 'venue.json')))
        .map((folder) => {
          const file = join(venuesDir, folder, 'venue.json');
          return { folder, venue: JSON.parse(readFileSync(file, 'utf8')) as VenueFile };
        });

      // What's on reads the CMS root of every region with a venue (DirectoryPage); boot.js
      // starts those reads when they are on this site (a cross-origin API is left to the app).
      const regions = REGIONS.filter((region) =>
        venueEntries.some(({ venue }) => venue.region === region),
      );
      const directoryReads = regions
        .map((region) => `${bookingApiBase(region, options.settings)}/cms`)
        .filter((url) => url.startsWith('/') && !url.startsWith('//'));

      const routes = Object.entries(ROUTE_PATTERNS[options.mode]).map(([page, pattern]) => ({
        page: page as PageKey,
        pattern,
        files: filesOf([
          ...PAGE_BRANCHES[page as PageKey],
          ...(page === 'directory' ? [] : VENUE_PAGE_MODULES),
        ]),
        ...(page === 'directory' ? { reads: directoryReads } : {}),
      }));

      // A venue's text layers (src/i18n/loadMessages.ts) and its logo (preloadFrame).
      const venues: RoutePreloads['venues'] = {};
      for (const { folder, venue } of venueEntries) {
        const layers = [
          venue.locale === 'en-GB' ? undefined : `/locales/${venue.locale}.json`,
          venue.brand === undefined
            ? undefined
            : `/locales/brands/${venue.brand}/${venue.locale}.json`,
          `/venues/${folder}/messages/${venue.locale}.json`,
        ].filter((layer) => layer !== undefined && existsSync(join(options.root, layer)));
        const logo = outputs.find(
          (output): output is OutputAsset =>
            output.type === 'asset' &&
            output.originalFileNames.some((name) => name.endsWith(`venues/${folder}/logo.svg`)),
        );
        venues[venue.slug] = {
          files: filesOf(layers as string[]),
          ...(logo === undefined ? {} : { logo: `${base}${logo.fileName}` }),
        };
      }

      const map: RoutePreloads = { venueSlug: options.venueSlug, routes, venues };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(map, null, 2)}\n`,
      });
    },
  };
}
