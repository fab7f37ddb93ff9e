import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import {
  cmsRootSchema,
  queueSettingsSchema,
  showContentSchema,
  venueContentSchema,
} from '../../contract/api/content';
import { ID_PATTERN } from '../../contract/patterns';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

function expectError(response: Awaited<ReturnType<typeof get>>, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = apiErrorSchema.parse(response.json());
  expect(body.code).toBe(code);
  expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  return body;
}

describe('CMS root', () => {
  it('lists only the venues and shows of the region asked for', async () => {
    const uk = cmsRootSchema.parse((await get('/api/uk/cms')).json());
    expect(uk.region).toBe('uk');
    expect(uk.venues.map((venue) => venue.slug)).toEqual(['lumen-theatre', 'northern-playhouse']);
    expect(uk.shows.map((show) => `${show.titleSlug}@${show.venueSlug}`).sort()).toEqual([
      'echoes-of-avalon@lumen-theatre',
      'the-glass-orchard@lumen-theatre',
      'the-mill-girls@northern-playhouse',
      'the-salt-road@lumen-theatre',
    ]);
    const east = cmsRootSchema.parse((await get('/api/us-east/cms')).json());
    expect(east.venues.map((venue) => venue.slug)).toEqual([
      'harbor-arena',
      'hudson-stage',
      'motor-city-music-hall',
    ]);
    expect(east.shows.every((show) => show.fromPrice?.currency === 'USD')).toBe(true);
  });

  it('lists the venue-local days each show plays, so a dark day is not offered', async () => {
    const uk = cmsRootSchema.parse((await get('/api/uk/cms')).json());
    const echoes = uk.shows.find((show) => show.titleSlug === 'echoes-of-avalon');
    const orchard = uk.shows.find((show) => show.titleSlug === 'the-glass-orchard');
    expect(echoes?.playingDates.length).toBeGreaterThan(10);
    // Echoes of Avalon plays Sunday afternoons and Monday evenings only (London time).
    const weekdays = new Set(
      echoes?.playingDates.map((day) => new Date(`${day}T12:00:00Z`).getUTCDay()),
    );
    expect([...weekdays].sort()).toEqual([0, 1]);
    expect(echoes?.playingDates).toEqual([...(echoes?.playingDates ?? [])].sort());
    // The first day is the first performance's date on the venue's clock.
    const first = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(orchard?.firstPerformance ?? ''),
    );
    expect(orchard?.playingDates[0]).toBe(first);
  });

  it('rejects an unknown query parameter', async () => {
    const body = expectError(
      await get('/api/uk/cms?email=someone@example.com'),
      400,
      'validation_failed',
    );
    expect(body.fields).toEqual(['querystring.email']);
    expect(JSON.stringify(body)).not.toContain('someone@example.com');
  });
});

describe('venue', () => {
  it('returns the venue content with its shows', async () => {
    const venue = venueContentSchema.parse((await get('/api/uk/venues/lumen-theatre')).json());
    expect(venue.name).toBe('The Lumen Theatre');
    expect(venue.timezone).toBe('Europe/London');
    expect(venue.address.city).toBe('London');
    expect(venue.image.alt.length).toBeGreaterThan(10);
    expect(venue.shows.map((show) => show.titleSlug).sort()).toEqual([
      'echoes-of-avalon',
      'the-glass-orchard',
      'the-salt-road',
    ]);
  });

  it('answers not_found for a venue of another region', async () => {
    expectError(await get('/api/uk/venues/harbor-arena'), 404, 'not_found');
    expect((await get('/api/us-east/venues/harbor-arena')).statusCode).toBe(200);
  });

  it('answers validation_failed for a slug outside the pattern and not_found for an unknown one', async () => {
    const body = expectError(await get('/api/uk/venues/no%20spaces'), 400, 'validation_failed');
    expect(body.fields).toEqual(['params.venueSlug']);
    expectError(await get(`/api/uk/venues/${'a'.repeat(256)}`), 400, 'validation_failed');
    expectError(await get('/api/uk/venues/nowhere'), 404, 'not_found');
  });
});

describe('show', () => {
  it('returns a reserved-seating show with its performance summary', async () => {
    const response = await get('/api/uk/venues/lumen-theatre/shows/the-glass-orchard');
    expect(response.statusCode).toBe(200);
    const show = showContentSchema.parse(response.json());
    expect(show.title).toBe('The Glass Orchard');
    expect(show.seating).toBe('reserved');
    expect(show.ageGuidance).toBe('Children under 5 are not admitted; under 15 need an adult.');
    expect(show.images[0]?.src).toBe('/images/shows/the-glass-orchard.svg');
    const { performances } = show;
    expect(performances.count).toBeGreaterThan(80);
    expect(performances.upcoming).toHaveLength(6);
    expect(performances.upcoming.every((p) => ID_PATTERN.test(p.id))).toBe(true);
    expect(performances.first).toBe(performances.upcoming[0]?.startsAt);
    // Seed pattern: the third performance is sold out, the sixth and seventh nearly gone.
    expect(performances.upcoming[2]?.availability).toBe('sold-out');
    expect(performances.upcoming[5]?.availability).toBe('low');
    expect(performances.upcoming[3]?.hasNotice).toBe(true);
    // Lowest all-in price: restricted view £18 plus the £2.50 booking fee.
    expect(performances.fromPrice).toEqual({ amount: 2050, currency: 'GBP' });
  });

  it('serves the same title at a US venue in its own currency and time zone', async () => {
    const show = showContentSchema.parse(
      (await get('/api/us-east/venues/hudson-stage/shows/the-glass-orchard')).json(),
    );
    expect(show.venue.timezone).toBe('America/New_York');
    expect(show.performances.fromPrice?.currency).toBe('USD');
    expectError(await get('/api/uk/venues/hudson-stage/shows/the-glass-orchard'), 404, 'not_found');
  });

  it('computes general-admission and timed-entry availability from capacities', async () => {
    const ga = showContentSchema.parse(
      (await get('/api/us-east/venues/motor-city-music-hall/shows/neon-lowlands')).json(),
    );
    expect(ga.seating).toBe('general-admission');
    expect(ga.performances.upcoming[2]?.availability).toBe('sold-out');
    const timed = showContentSchema.parse(
      (await get('/api/us-central/venues/bayou-discovery/shows/swamp-after-dark')).json(),
    );
    expect(timed.seating).toBe('timed-entry');
    expect(timed.performances.upcoming[5]?.availability).toBe('low');
  });

  it('answers not_found for an unknown show and validation_failed for a bad title slug', async () => {
    expectError(await get('/api/uk/venues/lumen-theatre/shows/hamlet'), 404, 'not_found');
    const body = expectError(
      await get('/api/uk/venues/lumen-theatre/shows/bad%2Fslug%3F'),
      400,
      'validation_failed',
    );
    expect(body.fields).toEqual(['params.titleSlug']);
  });

  it('lets a shared cache absorb an onsale rush for content, but never for errors', async () => {
    const show = await get('/api/uk/venues/lumen-theatre/shows/the-glass-orchard');
    expect(show.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=45');
    const missing = await get('/api/uk/venues/lumen-theatre/shows/hamlet');
    expect(missing.headers['cache-control'] ?? '').not.toContain('public');
  });
});

describe('queue settings', () => {
  it('returns the venue queue settings', async () => {
    const queue = queueSettingsSchema.parse(
      (await get('/api/us-east/venues/harbor-arena/queue')).json(),
    );
    const settings = venues.find((venue) => venue.settings.slug === 'harbor-arena')!.settings;
    expect(queue).toEqual({
      venueSlug: 'harbor-arena',
      theme: settings.queue.theme,
      defaultQueueName: settings.queue.defaultQueueName,
      active: true,
      // Issue 16: the onsale queue lists the sale it guards, opening relative to the start.
      sales: [
        {
          saleId: 'harbor-lights-live-onsale',
          name: 'Harbor Lights Live onsale',
          opensAt: queue.sales[0]?.opensAt,
          scope: { showSlugs: ['harbor-lights-live'] },
        },
      ],
    });
    // The demo's onsale opens minutes after the server starts: a pre-queue to show.
    expect(Date.parse(queue.sales[0]!.opensAt)).toBeGreaterThan(Date.now());
    expect(
      queueSettingsSchema.parse((await get('/api/uk/venues/lumen-theatre/queue')).json()).active,
    ).toBe(false);
    expectError(await get('/api/us-west/venues/lumen-theatre/queue'), 404, 'not_found');
  });
});

describe('unknown routes and the API description', () => {
  it('answers JSON not_found under /api and /services', async () => {
    expectError(await get('/api/uk/nothing-here'), 404, 'not_found');
    expectError(await get('/api/mars/cms'), 404, 'not_found');
    expectError(await get('/services/tickets/health'), 404, 'not_found');
  });

  it('publishes an OpenAPI document listing every regional and service endpoint', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/us-central/cms',
        '/api/uk/venues/{venueSlug}/shows/{titleSlug}',
        '/services/session/sessions',
        '/services/payment/health',
      ]),
    );
  });
});
