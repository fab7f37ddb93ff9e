import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { venueValidation } from './scripts/vitePluginVenues.ts';
import { applyEnvDefaults } from './scripts/envDefaults.ts';
import { compiledMessages, splitSourceCatalogue } from './scripts/vitePluginMessages.ts';
import { prebuiltThemesPlugin } from './scripts/vitePluginThemes.ts';
import { preloadApp } from './scripts/vitePluginPreloadApp.ts';
import { routePreloads, VENUE_PAGE_MODULES } from './scripts/vitePluginRoutePreloads.ts';
import { toRoutingMode } from './contract/routes.ts';
import { compileHints, SEAT_MAP_CHUNK } from './scripts/vitePluginCompileHints.ts';
import { reactRouterProduction } from './scripts/vitePluginRouterProduction.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * What the first route loads that lazy pages import too, in one chunk. Every page loads the app
 * (src/app/start.tsx) first, so none pays for these twice; What's on saves a dozen requests and
 * ~4 kB gzip of per-file overhead (issue 13). Only modules the first route needs belong here.
 */
const SHELL_MODULES = [
  /\/src\/(config\/(paths|venues|overrides|usePaths|useRouteTarget)|lib\/(uiSlice|loadState|idempotencyKey)|features\/catalogue\/(showSlice|cmsSlice|venueSlice)|components\/(Button|useDocumentTitle))\.tsx?$|\/contract\/(patterns|api\/constants)\.ts$/,
  // The API clients, text formatting and state the first page starts with.
  /\/node_modules\/(axios|react-intl|@formatjs\/[^/]+|intl-messageformat|redux-saga|@redux-saga\/[^/]+)\//,
  /\/src\/(api\/(client|errors|holds|session)|config\/env|features\/(session\/sessionSlice|hold\/reservationSlice))\.ts$/,
  // Who is signed in (issue 14): the header reads it on every page, the sign-in pages share it;
  // the sign-out flow forgets the tab's hold (holdStorage) as the restore does.
  /\/src\/(api\/signInState|features\/auth\/(authSlice|authLinks|authSession|idleDeadline)|features\/hold\/holdStorage)\.ts$/,
  /\/src\/(i18n\/format|components\/(PageHeading|CardList|ShowSummaryCard))\.tsx?$|\/contract\/(regions|money)\.ts$/,
  // Every retry's wait (issue 23): the first page's flows and the lazy ones share it, and alone
  // it was a request of its own on the first route.
  /\/contract\/retrySchedule\.ts$/,
  // What the first route shares with the way to a seat (QUEUE_MODULES, CHOOSING_MODULES below,
  // which would otherwise take these along and make the first route load their chunks too).
  /\/src\/(app\/(hooks|rootReducer)|lib\/(tabStorage|sagaEffects|idempotentWrite)|api\/(content|earlyReads)|config\/experiments)\.ts$/,
  /\/src\/(components\/(errors\/(ErrorPage|errorPages)|LoadingBlock)|features\/queue\/queuePaths)\.tsx?$/,
];

/**
 * The way to a seat (issue 26): the layouts in front of the show, calendar and seat pages and
 * the small modules those pages share. Split by use they were some twenty chunks of one or two
 * kB, and a phone on HTTP/1.1 (six connections to a host) fetched them six at a time, a round
 * trip for every six, before it could paint the page; grouped they are one or two requests beside
 * the page's own. QUEUE_MODULES is what the show page needs too (the queue gate in front of it);
 * CHOOSING_MODULES is the calendar's and the seat page's, which the show page does not load. The
 * checkout and member pages, which come after the seat page, find both already loaded.
 */
const QUEUE_MODULES = [
  /\/src\/features\/queue\/(saleForRoute|QueueGate|queueSlice|queueSaga)\.tsx?$/,
  /\/src\/features\/(hold\/useNow|experiments\/(exposure|useVariation)|catalogue\/useShowContent)\.tsx?$/,
  /\/src\/components\/errors\/LoadFailure\.tsx$/,
];
const CHOOSING_MODULES = [
  /\/src\/features\/seatSelection\/(ChoosingFlows|seatsSaga|seatsSlice|linkedAvailabilitySaga|linkedAvailabilitySlice)\.tsx?$/,
  /\/src\/features\/calendar\/(calendarSaga|calendarSlice)\.ts$|\/src\/api\/(calendar|members)\.ts$|\/contract\/api\/calendarQuery\.ts$/,
  /\/src\/features\/promo\/(promoSaga|promoSlice|promoStorage|keptVoucherNumber|PresaleAlert)\.tsx?$/,
  /\/src\/features\/membership\/(usePresaleGate|useMembers|signInLink|membershipSlice|membershipSaga)\.tsx?$/,
  /\/src\/features\/hold\/ReleaseQuestion\.tsx$/,
  /\/src\/(components\/(Dialog|PerformanceParts)|theme\/VisuallyHidden|i18n\/priceOptionName)\.tsx?$/,
];

// VITE_* defaults come from .env.example, the same file the server reads.
applyEnvDefaults(here('.'));

export default defineConfig({
  plugins: [
    react(),
    venueValidation(here('./venues')),
    // Catalogues and venue themes finished at build time: no ICU parser or colour library on
    // the buyer's first route (issue 13).
    compiledMessages(),
    splitSourceCatalogue(here('.')),
    prebuiltThemesPlugin(here('./venues')),
    preloadApp('/src/app/start.tsx'),
    // Each page's own files, for the server to announce in that page's HTML (issue 26).
    routePreloads({
      root: here('.'),
      mode: toRoutingMode(process.env.VITE_ROUTING_MODE),
      venueSlug: process.env.VITE_VENUE_SLUG?.trim() || 'lumen-theatre',
      appModule: '/src/app/start.tsx',
      settings: process.env,
    }),
    // The seat map's first frame compiled while its chunk streams in, not at its first draw.
    compileHints([SEAT_MAP_CHUNK.name]),
    // React Router's production build in the bundle, not its development one (issue 13).
    reactRouterProduction(),
    // Brotli and gzip at their best, once per build, so the server sends files as they are
    // (server/http/spa.ts) instead of compressing on every request or not at all.
    compression({ algorithms: ['brotliCompress', 'gzip'], skipIfLargerOrEqual: true }),
  ],
  resolve: {
    alias: {
      '@/': here('./src/'),
      '@contract/': here('./contract/'),
    },
  },
  server: {
    // `npm run dev` serves the SPA with hot reload; the API comes from `npm run dev:server`.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/services': 'http://127.0.0.1:8080',
    },
  },
  build: {
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small modules the first page and the lazy routes share (paths, venue
              // settings, the slices every page starts with): left to themselves they become a
              // dozen chunks of a few hundred bytes each, every one a request and a gzip frame
              // on the buyer's first load. `npm run bench` (bundle.firstRoute.*) watches it.
              name: 'shell',
              test: (id: string) => SHELL_MODULES.some((pattern) => pattern.test(id)),
            },
            {
              name: 'queue',
              test: (id: string) => QUEUE_MODULES.some((pattern) => pattern.test(id)),
            },
            {
              name: 'choosing',
              test: (id: string) => CHOOSING_MODULES.some((pattern) => pattern.test(id)),
            },
            // In place of the seatName chunk the seat page loaded before (the model and seat
            // names it shares with the checkout): no extra request on the way to a seat.
            SEAT_MAP_CHUNK,
            {
              // What every venue page waits for beside its own chunks (the rest of the text and
              // the venue themes), as one file (issue 26): a phone on HTTP/1.1 sends a page's
              // files over six connections in turn, and on the seat page the last of fifteen
              // waited a third round trip. Each file fewer before the first paint counts.
              name: 'venuePages',
              test: (id: string) => VENUE_PAGE_MODULES.some((module) => id.includes(module)),
            },
          ],
        },
      },
    },
  },
  test: {
    // The default report, then each project's time (issue 23), so a slower suite shows where.
    reporters: ['default', './tests/setup/projectTimes.ts'],
    // Vitest's default (one core less than the machine has) is a single worker on a 2-core CI
    // machine, which then waits out every API file's database and child-process round trips one
    // file at a time; two overlap them (issue 23). Larger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'src/**/*.test.{ts,tsx}',
            'contract/**/*.test.ts',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-pglite',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          // Several server processes need one database server: an embedded one is one process's.
          exclude: ['tests/api/multiProcess.test.ts'],
          // Migrates and seeds once per run; each file copies the result (tests/api/testDatabase.ts).
          globalSetup: ['tests/setup/pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The same API suite against a real PostgreSQL that the run starts (tests/setup/postgres.ts).
          name: 'server-postgres',
          environment: 'node',
          // server/**/*.test.ts open no database: the PGlite project runs them, once is enough.
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
