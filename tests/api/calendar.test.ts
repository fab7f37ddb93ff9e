import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  calendarResponseSchema,
  graphqlErrorResponseSchema,
  type Calendar,
} from '../../contract/api/calendar';
import {
  CALENDAR_QUERY,
  CALENDAR_QUERY_EXTENSIONS,
  CALENDAR_QUERY_HASH,
  type CalendarVariables,
} from '../../contract/api/calendarQuery';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { DatabaseUnavailableError } from '../../server/db/outage';
import { zonedToUtc } from '../../server/lib/zonedTime';
import { addMonths, monthAt } from '../../server/calendar/months';
import { graphqlSettingsFromEnv } from '../../server/calendar/settings';
import { cleanPerformance, type PerformanceFixture } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;
/** A developer's server with GRAPHQL_ADHOC_QUERIES=1: any document within the query limits. */
let adhoc: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  adhoc = await buildApp({ db, venues, logger: false, graphql: { adhocQueries: true } });
});
afterAll(async () => {
  await adhoc?.close();
  await app?.close();
  await db?.close();
});

const ORCHARD = { venueSlug: 'lumen-theatre', titleSlug: 'the-glass-orchard' };
const HUDSON = { venueSlug: 'hudson-stage', titleSlug: 'the-glass-orchard' };

function post(region: string, body: unknown, server: FastifyInstance = app) {
  return server.inject({
    method: 'POST',
    url: `/api/${region}/graphql`,
    payload: body as object,
  });
}

/** The calendar as the SPA asks for it: the shop's query by its hash. */
async function calendar(region: string, variables: CalendarVariables): Promise<Calendar> {
  const response = await post(region, { variables, extensions: CALENDAR_QUERY_EXTENSIONS });
  expect(response.statusCode, response.body).toBe(200);
  return calendarResponseSchema.parse(response.json()).data.calendar;
}

function refused(response: Awaited<ReturnType<typeof post>>, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('private, no-store');
  const [error] = graphqlErrorResponseSchema.parse(response.json()).errors;
  expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  return error!.extensions;
}

/** The month a performance starts in, on the venue's clock. */
async function monthOf(performanceId: string, timeZone: string): Promise<string> {
  const { rows } = await db.query<{ startsAt: Date }>(
    'SELECT starts_at AS "startsAt" FROM performances WHERE id = $1',
    [performanceId],
  );
  return monthAt(new Date(rows[0]!.startsAt), timeZone);
}

async function performanceIn(
  variables: CalendarVariables,
  region: string,
  id: string,
): Promise<Calendar['performances'][number]> {
  const found = (await calendar(region, variables)).performances.find((p) => p.id === id);
  if (!found) throw new Error(`performance ${id} is not in ${variables.month}`);
  return found;
}

/** Sells `share` of the plan’s seats for a performance (and nothing else). */
async function sellShare(fixture: PerformanceFixture, share: number): Promise<void> {
  await db.query('DELETE FROM seat_allocations WHERE performance_id = $1', [fixture.performanceId]);
  await db.query(
    `INSERT INTO seat_allocations (performance_id, seat_id, status)
     SELECT $1, s.id, 'sold' FROM seats s WHERE s.seating_plan_id = $2
     ORDER BY s.price_band DESC, s.id
     LIMIT (SELECT round(count(*) * $3::numeric)::int FROM seats WHERE seating_plan_id = $2)`,
    [fixture.performanceId, fixture.planId, share],
  );
}

/** Price bands of a show, cheapest first, with face value and all-in price (the database's rule). */
async function bandPrices(venueSlug: string, titleSlug: string) {
  const { rows } = await db.query<{ band: string; faceValue: number; allIn: number }>(
    `SELECT po.price_band AS band, min(po.face_value) AS "faceValue", min(po.all_in_price) AS "allIn"
     FROM price_options_all_in po JOIN shows sh ON sh.id = po.show_id
     WHERE sh.venue_slug = $1 AND sh.title_slug = $2 AND po.price_band IS NOT NULL
     GROUP BY po.price_band ORDER BY min(po.all_in_price)`,
    [venueSlug, titleSlug],
  );
  return rows;
}

describe('calendar month', () => {
  it('returns the venue’s settings, fee and run, starting at the first month on sale', async () => {
    const result = await calendar('uk', ORCHARD);
    expect(result).toMatchObject({
      venueSlug: 'lumen-theatre',
      titleSlug: 'the-glass-orchard',
      timeZone: 'Europe/London',
      currency: 'GBP',
      // Lumen's venue.json starts the week on Monday.
      startOfWeek: 1,
      promo: null,
    });
    const { rows } = await db.query<{ fee: number }>(
      `SELECT transaction_fee AS fee FROM venues WHERE slug = 'lumen-theatre'`,
    );
    expect(result.transactionFee).toEqual({ amount: rows[0]!.fee, currency: 'GBP' });
    expect(result.months).not.toBeNull();
    expect(result.month).toBe(result.months!.first);
    expect(result.months!.last > result.months!.first).toBe(true);
    expect(result.performances.length).toBeGreaterThan(0);
    const hudson = await calendar('us-east', HUDSON);
    expect(hudson.startOfWeek).toBe(0);
    expect(hudson.currency).toBe('USD');
  });

  it('puts performances in months by the venue’s clock: 20:00 on the 31st in New York stays on the 31st', async () => {
    // The next month with a 31st still ahead of us.
    let month = monthAt(new Date(Date.now() + 2 * 86_400_000), 'America/New_York');
    while (
      new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate() !==
      31
    ) {
      month = addMonths(month, 1);
    }
    const startsAt = zonedToUtc(`${month}-31`, '20:00', 'America/New_York');
    // 20:00 in New York is already the 1st in UTC (and in London).
    expect(startsAt.toISOString().slice(0, 10)).toBe(`${addMonths(month, 1)}-01`);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO performances (show_id, starts_at)
       SELECT id, $1 FROM shows WHERE venue_slug = 'hudson-stage' AND title_slug = 'the-glass-orchard'
       RETURNING upper(id::text) AS id`,
      [startsAt.toISOString()],
    );
    const id = rows[0]!.id;

    const inMonth = await calendar('us-east', { ...HUDSON, month });
    const late = inMonth.performances.find((p) => p.id === id);
    expect(late).toMatchObject({ localDate: `${month}-31`, localTime: '20:00' });
    expect(late!.startsAt).toBe(startsAt.toISOString());
    const next = await calendar('us-east', { ...HUDSON, month: addMonths(month, 1) });
    expect(next.performances.map((p) => p.id)).not.toContain(id);

    // Every performance of a month is in that month on the venue's clock, soonest first.
    for (const performance of inMonth.performances) {
      expect(performance.localDate.startsWith(month)).toBe(true);
      const venueClock = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'America/New_York',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(performance.startsAt));
      expect(performance.localDate).toBe(venueClock);
    }
    const starts = inMonth.performances.map((p) => p.startsAt);
    expect(starts).toEqual([...starts].sort());
  });

  it('leaves out performances that have started', async () => {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO performances (show_id, starts_at)
       SELECT id, now() - interval '1 hour' FROM shows WHERE venue_slug = 'lumen-theatre' AND title_slug = 'the-glass-orchard'
       RETURNING upper(id::text) AS id`,
    );
    const month = await monthOf(rows[0]!.id, 'Europe/London');
    const result = await calendar('uk', { ...ORCHARD, month });
    expect(result.performances.map((p) => p.id)).not.toContain(rows[0]!.id);
  });

  it('answers a month with nothing on sale with no performances', async () => {
    const result = await calendar('uk', { ...ORCHARD, month: '2020-01' });
    expect(result.month).toBe('2020-01');
    expect(result.performances).toEqual([]);
  });
});

describe('availability and from-price', () => {
  let fixture: PerformanceFixture;
  let month: string;
  beforeAll(async () => {
    fixture = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 10);
    month = await monthOf(fixture.performanceId, 'Europe/London');
  });
  const read = () => performanceIn({ ...ORCHARD, month }, 'uk', fixture.performanceId);

  it('moves from good to medium, low and sold out as seats go', async () => {
    await sellShare(fixture, 0);
    expect((await read()).availability).toBe('good');
    await sellShare(fixture, 0.6);
    expect((await read()).availability).toBe('medium');
    await sellShare(fixture, 0.85);
    expect((await read()).availability).toBe('low');
    await sellShare(fixture, 1);
    const soldOut = await read();
    expect(soldOut.availability).toBe('soldOut');
    expect(soldOut.fromPrice).toBeNull();
  });

  it('counts live holds as taken and expired ones as free', async () => {
    await sellShare(fixture, 0);
    await db.query(
      `INSERT INTO seat_allocations (performance_id, seat_id, status, held_until)
       SELECT $1, id, 'held', now() - interval '1 minute' FROM seats WHERE seating_plan_id = $2`,
      [fixture.performanceId, fixture.planId],
    );
    expect((await read()).availability).toBe('good');
    await db.query(
      `UPDATE seat_allocations SET held_until = now() + interval '10 minutes' WHERE performance_id = $1`,
      [fixture.performanceId],
    );
    expect((await read()).availability).toBe('soldOut');
    await sellShare(fixture, 0);
  });

  it('is the cheapest all-in price still on sale', async () => {
    const bands = await bandPrices('lumen-theatre', 'the-glass-orchard');
    const [cheapest, second] = bands;
    await sellShare(fixture, 0);
    expect((await read()).fromPrice).toEqual({ amount: cheapest!.allIn, currency: 'GBP' });
    // The all-in price includes the booking fee: more than the face value.
    expect(cheapest!.allIn).toBeGreaterThan(cheapest!.faceValue);

    await db.query(
      `INSERT INTO seat_allocations (performance_id, seat_id, status)
       SELECT $1, id, 'sold' FROM seats WHERE seating_plan_id = $2 AND price_band = $3`,
      [fixture.performanceId, fixture.planId, cheapest!.band],
    );
    expect((await read()).fromPrice).toEqual({ amount: second!.allIn, currency: 'GBP' });
    await sellShare(fixture, 0);
  });

  it('prices general admission by the areas with places left', async () => {
    const ga = await cleanPerformance(db, 'motor-city-music-hall', 'neon-lowlands', 10);
    const gaMonth = await monthOf(ga.performanceId, 'America/Detroit');
    const variables = {
      venueSlug: 'motor-city-music-hall',
      titleSlug: 'neon-lowlands',
      month: gaMonth,
    };
    const { rows } = await db.query<{ area: string; allIn: number }>(
      `SELECT po.admission_area AS area, min(po.all_in_price) AS "allIn"
       FROM price_options_all_in po JOIN shows sh ON sh.id = po.show_id
       WHERE sh.venue_slug = 'motor-city-music-hall' AND po.admission_area IS NOT NULL
       GROUP BY po.admission_area ORDER BY min(po.all_in_price)`,
    );
    const [cheapest, dearer] = rows;
    expect((await performanceIn(variables, 'us-east', ga.performanceId)).fromPrice?.amount).toBe(
      cheapest!.allIn,
    );
    await db.query(
      'UPDATE admission_capacities SET sold = capacity WHERE performance_id = $1 AND area_code = $2',
      [ga.performanceId, cheapest!.area],
    );
    expect((await performanceIn(variables, 'us-east', ga.performanceId)).fromPrice?.amount).toBe(
      dearer!.allIn,
    );
    await db.query('UPDATE admission_capacities SET sold = capacity WHERE performance_id = $1', [
      ga.performanceId,
    ]);
    const soldOut = await performanceIn(variables, 'us-east', ga.performanceId);
    expect(soldOut).toMatchObject({ availability: 'soldOut', fromPrice: null });
  });
});

describe('promo codes', () => {
  let fixture: PerformanceFixture;
  let month: string;
  beforeAll(async () => {
    fixture = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 12);
    month = await monthOf(fixture.performanceId, 'Europe/London');
  });

  it('applies a code in any letter case, taking its discount off the face value only', async () => {
    const [cheapest] = await bandPrices('lumen-theatre', 'the-glass-orchard');
    const response = await post('uk', {
      query: CALENDAR_QUERY,
      variables: { ...ORCHARD, month, promoCode: 'orchard10' },
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const result = calendarResponseSchema.parse(response.json()).data.calendar;
    expect(result.promo).toMatchObject({
      code: 'ORCHARD10',
      status: 'applied',
      kind: 'promo',
      discountPercent: 10,
    });
    expect(result.promo!.performanceIds).toContain(fixture.performanceId);
    const performance = result.performances.find((p) => p.id === fixture.performanceId)!;
    expect(performance.promoApplied).toBe(true);
    expect(performance.fromPrice!.amount).toBe(
      cheapest!.allIn - Math.round(cheapest!.faceValue * 0.1),
    );

    const plain = await post('uk', { query: CALENDAR_QUERY, variables: { ...ORCHARD, month } });
    expect(plain.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=45');
  });

  it('answers the same query over GET so a CDN can cache it; a code keeps it private', async () => {
    const variables = { ...ORCHARD, month };
    const get = (vars: unknown) =>
      app.inject({
        method: 'GET',
        url: `/api/uk/graphql?${new URLSearchParams({
          variables: JSON.stringify(vars),
          extensions: JSON.stringify(CALENDAR_QUERY_EXTENSIONS),
        }).toString()}`,
      });
    const viaGet = await get(variables);
    expect(viaGet.statusCode, viaGet.body).toBe(200);
    expect(viaGet.headers['cache-control']).toBe('public, max-age=15, stale-while-revalidate=45');
    const viaPost = await post('uk', { query: CALENDAR_QUERY, variables });
    expect(viaGet.json()).toEqual(viaPost.json());

    const coded = await get({ ...variables, promoCode: 'ORCHARD10' });
    expect(coded.statusCode).toBe(200);
    expect(coded.headers['cache-control']).toBe('private, no-store');

    const broken = await app.inject({
      method: 'GET',
      url: `/api/uk/graphql?query=${encodeURIComponent(CALENDAR_QUERY)}&variables=%7Bnot-json`,
    });
    expect(refused(broken, 400).code).toBe('validation_failed');
  });

  it('says invalid for an unknown code and for another venue’s code', async () => {
    for (const promoCode of ['NOSUCHCODE', 'MILLS15', 'HOWDY']) {
      const result = await calendar('uk', { ...ORCHARD, month, promoCode });
      expect(result.promo, promoCode).toEqual({
        code: promoCode,
        status: 'invalid',
        kind: null,
        discountPercent: null,
        performanceIds: [],
      });
      const performance = result.performances.find((p) => p.id === fixture.performanceId)!;
      expect(performance.promoApplied).toBe(false);
    }
  });

  it('says expired for a code past its end, and not for this event for another show’s code', async () => {
    expect((await calendar('uk', { ...ORCHARD, promoCode: 'winter5' })).promo?.status).toBe(
      'expired',
    );
    const avalon = await calendar('uk', {
      venueSlug: 'lumen-theatre',
      titleSlug: 'echoes-of-avalon',
      promoCode: 'ORCHARD10',
    });
    expect(avalon.promo).toMatchObject({ status: 'notForEvent', performanceIds: [] });
    expect(avalon.performances.some((p) => p.promoApplied)).toBe(false);
    // A venue-wide code fits every show there.
    const once = await calendar('uk', {
      venueSlug: 'lumen-theatre',
      titleSlug: 'echoes-of-avalon',
      promoCode: 'LUMEN-ONCE',
    });
    expect(once.promo).toMatchObject({ status: 'applied', discountPercent: 20 });
  });

  it('keeps presale performances locked until a presale code unlocks them', async () => {
    const { months } = await calendar('uk', ORCHARD);
    const last = months!.last;
    const locked = await calendar('uk', { ...ORCHARD, month: last });
    const presales = locked.performances.filter((p) => p.presale);
    expect(presales.length).toBeGreaterThan(0);
    expect(presales.every((p) => !p.unlocked)).toBe(true);

    // A discount code does not open a presale, and does not count it as a performance it fits.
    const discount = await calendar('uk', { ...ORCHARD, month: last, promoCode: 'ORCHARD10' });
    const lockedWithDiscount = discount.performances.filter((p) => p.presale);
    expect(lockedWithDiscount.every((p) => !p.unlocked && !p.promoApplied)).toBe(true);
    expect(lockedWithDiscount.map((p) => p.fromPrice)).toEqual(presales.map((p) => p.fromPrice));
    expect(discount.promo!.performanceIds).not.toContain(presales[0]!.id);

    const unlocked = await calendar('uk', {
      ...ORCHARD,
      month: last,
      promoCode: 'orchard-presale',
    });
    expect(unlocked.promo).toMatchObject({ status: 'applied', kind: 'presale' });
    const unlockedPresales = unlocked.performances.filter((p) => p.presale);
    expect(unlockedPresales.every((p) => p.unlocked)).toBe(true);
    expect(unlocked.performances.filter((p) => !p.presale).every((p) => !p.unlocked)).toBe(true);
    // It fits exactly the presale performances left to sell, in every month.
    const { rows } = await db.query<{ id: string }>(
      `SELECT upper(p.id::text) AS id FROM performances p JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'lumen-theatre' AND sh.title_slug = 'the-glass-orchard'
         AND p.starts_at > now() AND p.presale_until > now() ORDER BY p.starts_at`,
    );
    expect(unlocked.promo!.performanceIds).toEqual(rows.map((row) => row.id));
  });

  it('does not let a guest use a members’ presale code', async () => {
    const result = await calendar('us-east', { ...HUDSON, promoCode: 'ATGPLUS-PRESALE' });
    expect(result.promo).toMatchObject({
      status: 'notQualified',
      kind: 'presale',
      performanceIds: [],
    });
    expect(result.performances.some((p) => p.unlocked)).toBe(false);
  });
});

describe('refusals', () => {
  const query = CALENDAR_QUERY;

  it('refuses malformed arguments with 400 validation_failed, naming the argument', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ORCHARD, month: '2026-13' }, 'calendar.month'],
      [{ ...ORCHARD, month: '2026-1' }, 'calendar.month'],
      [{ ...ORCHARD, titleSlug: 'the glass orchard' }, 'calendar.titleSlug'],
      [{ ...ORCHARD, venueSlug: 'x'.repeat(256) }, 'calendar.venueSlug'],
      [{ ...ORCHARD, promoCode: '<script>' }, 'calendar.promoCode'],
      [{ ...ORCHARD, promoCode: '' }, 'calendar.promoCode'],
    ];
    for (const [variables, field] of cases) {
      const response = await post('uk', { query, variables });
      const extensions = refused(response, 400);
      expect(extensions, field).toEqual({ code: 'validation_failed', fields: [field] });
      expect(response.body).not.toContain('<script>');
    }
  });

  it('refuses variables of the wrong type, a broken query and an unknown field (ad-hoc on)', async () => {
    expect(refused(await post('uk', { query, variables: { ...ORCHARD, month: 5 } }), 400)).toEqual({
      code: 'validation_failed',
      fields: ['variables'],
    });
    expect(refused(await post('uk', { query, variables: {} }), 400)).toMatchObject({
      code: 'validation_failed',
    });
    expect(refused(await post('uk', { query: '{ calendar(', variables: {} }, adhoc), 400)).toEqual({
      code: 'validation_failed',
      fields: ['query'],
    });
    expect(
      refused(
        await post(
          'uk',
          { query: '{ calendar(venueSlug: "lumen-theatre", titleSlug: "x") { secret } }' },
          adhoc,
        ),
        400,
      ),
    ).toEqual({ code: 'validation_failed', fields: ['query'] });
    expect(refused(await post('uk', { query, variables: ORCHARD, extra: true }), 400)).toEqual({
      code: 'validation_failed',
      fields: ['body'],
    });
  });

  it('refuses introspection, aliased copies of the calendar and deep fragment fan-out (ad-hoc on)', async () => {
    expect(
      refused(await post('uk', { query: '{ __schema { types { name } } }' }, adhoc), 400),
    ).toMatchObject({ code: 'validation_failed' });
    const twice = `{ a: calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard") { month }
                     b: calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard") { month } }`;
    expect(refused(await post('uk', { query: twice }, adhoc), 400)).toEqual({
      code: 'bad_request',
      fields: ['query'],
    });
    const fanOut = [
      '{ calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard") { performances { ...A } } }',
      'fragment A on CalendarPerformance { ...B ...B ...B ...B }',
      'fragment B on CalendarPerformance { ...C ...C ...C ...C }',
      'fragment C on CalendarPerformance { id startsAt localDate localTime presale unlocked promoApplied }',
    ].join('\n');
    expect(refused(await post('uk', { query: fanOut }, adhoc), 400)).toEqual({
      code: 'bad_request',
      fields: ['query'],
    });
    // The shop's own server runs none of them.
    for (const query of ['{ __schema { types { name } } }', twice, fanOut]) {
      expect(refused(await post('uk', { query }), 400).code).toBe('persisted_query_not_found');
    }
  });

  it('does not know another region’s venue, or a show that is not there', async () => {
    expect(refused(await post('us-east', { query, variables: ORCHARD }), 404)).toMatchObject({
      code: 'not_found',
    });
    expect(refused(await post('uk', { query, variables: HUDSON }), 404)).toMatchObject({
      code: 'not_found',
    });
    expect(
      refused(
        await post('uk', { query, variables: { ...ORCHARD, titleSlug: 'no-such-show' } }),
        404,
      ),
    ).toMatchObject({ code: 'not_found' });
  });

  it('accepts GET with a query or POST with a JSON body, nothing else', async () => {
    const bare = await app.inject({ method: 'GET', url: '/api/uk/graphql' });
    expect(refused(bare, 400).code).toBe('validation_failed');
    const put = await app.inject({ method: 'PUT', url: '/api/uk/graphql', payload: {} });
    expect(put.statusCode).toBe(404);
    const text = await app.inject({
      method: 'POST',
      url: '/api/uk/graphql',
      headers: { 'content-type': 'text/plain' },
      payload: 'query',
    });
    expect(refused(text, 415).code).toBe('unsupported_media_type');
  });
});

describe('bad requests answer 400 in GraphQL’s shape, never 5xx (issue 11)', () => {
  const raw = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/uk/graphql',
      headers: { 'content-type': contentType },
      payload,
    });

  it('refuses an empty body, broken JSON and prototype keys', async () => {
    const bodies = [
      '',
      '{x',
      '{"query": "{ calendar }"',
      '{"__proto__": {"query": "{ calendar }"}}',
      '{"extensions": {"persistedQuery": {"__proto__": {"version": 1}}}}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      'null',
      '[]',
      '"query"',
      '42',
    ];
    for (const body of bodies) {
      const extensions = refused(await raw(body), 400);
      expect(['bad_request', 'validation_failed'], body).toContain(extensions.code);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses prototype keys and broken JSON in GET parameters', async () => {
    const ask = (params: Record<string, string>) =>
      app.inject({
        method: 'GET',
        url: `/api/uk/graphql?${new URLSearchParams(params).toString()}`,
      });
    const extensions = JSON.stringify(CALENDAR_QUERY_EXTENSIONS);
    for (const params of [
      { variables: '{"__proto__": {"venueSlug": "lumen-theatre"}}', extensions },
      { variables: JSON.stringify(ORCHARD), extensions: '{"__proto__": {}}' },
      { variables: JSON.stringify(ORCHARD), extensions: '{not json' },
      { variables: JSON.stringify(ORCHARD), extensions: '[]' },
    ]) {
      expect(refused(await ask(params), 400).code).toBe('validation_failed');
    }
  });

  it('answers a body over the limit with 413 in the same shape', async () => {
    const big = JSON.stringify({ variables: { ...ORCHARD, pad: 'x'.repeat(70 * 1024) } });
    expect(refused(await raw(big), 413).code).toBe('payload_too_large');
  });

  it('refuses mutations and subscriptions: 400 by POST, 405 by GET', async () => {
    for (const query of [
      'mutation { calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard") { month } }',
      'subscription { calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard") { month } }',
    ]) {
      expect(refused(await post('uk', { query }, adhoc), 400)).toEqual({
        code: 'validation_failed',
        fields: ['query'],
      });
      const viaGet = await adhoc.inject({
        method: 'GET',
        url: `/api/uk/graphql?${new URLSearchParams({ query }).toString()}`,
      });
      expect(refused(viaGet, 405).code).toBe('method_not_allowed');
      expect(viaGet.headers.allow).toBe('GET, POST');
      // The shop's own server does not run them at all.
      expect(refused(await post('uk', { query }), 400).code).toBe('persisted_query_not_found');
    }
  });

  it('answers months from 2000 to five years ahead, and refuses the rest naming the month', async () => {
    const year = new Date().getUTCFullYear();
    for (const month of ['9999-12', '1999-12', '0001-01', `${year + 6}-01`]) {
      const response = await post('uk', {
        variables: { ...ORCHARD, month },
        extensions: CALENDAR_QUERY_EXTENSIONS,
      });
      expect(refused(response, 400), month).toEqual({
        code: 'validation_failed',
        fields: ['calendar.month'],
      });
      // Written into the query itself (ad-hoc on) it is the same refusal.
      const inline = `{ calendar(venueSlug: "lumen-theatre", titleSlug: "the-glass-orchard", month: "${month}") { month } }`;
      expect(refused(await post('uk', { query: inline }, adhoc), 400)).toEqual({
        code: 'validation_failed',
        fields: ['calendar.month'],
      });
    }
    for (const month of ['2000-01', `${year + 5}-12`]) {
      const result = await calendar('uk', { ...ORCHARD, month });
      expect(result.month).toBe(month);
      expect(result.performances).toEqual([]);
    }
  });
});

describe('only the shop’s own query runs (persisted queries, issue 11)', () => {
  it('runs the query by its sha256 over POST and GET, or by its exact text', async () => {
    expect(createHash('sha256').update(CALENDAR_QUERY).digest('hex')).toBe(CALENDAR_QUERY_HASH);
    const byHash = await post('uk', { variables: ORCHARD, extensions: CALENDAR_QUERY_EXTENSIONS });
    expect(byHash.statusCode, byHash.body).toBe(200);
    const byText = await post('uk', { query: CALENDAR_QUERY, variables: ORCHARD });
    expect(byText.json()).toEqual(byHash.json());
    const both = await post('uk', {
      query: CALENDAR_QUERY,
      variables: ORCHARD,
      operationName: 'Calendar',
      extensions: CALENDAR_QUERY_EXTENSIONS,
    });
    expect(both.json()).toEqual(byHash.json());
  });

  it('refuses another query text, even one that differs only in its operation name or spacing', async () => {
    const variants = [
      CALENDAR_QUERY.replace('query Calendar(', 'query Calendar2('),
      CALENDAR_QUERY.replace('query Calendar(', 'query Flood123('),
      `${CALENDAR_QUERY}\n`,
      CALENDAR_QUERY.replace('    localTime\n', ''),
      `# ${Math.random()}\n${CALENDAR_QUERY}`,
    ];
    for (const query of variants) {
      expect(refused(await post('uk', { query, variables: ORCHARD }), 400)).toEqual({
        code: 'persisted_query_not_found',
      });
      const viaGet = await app.inject({
        method: 'GET',
        url: `/api/uk/graphql?${new URLSearchParams({ query, variables: JSON.stringify(ORCHARD) }).toString()}`,
      });
      expect(refused(viaGet, 400).code).toBe('persisted_query_not_found');
    }
    const [first] = graphqlErrorResponseSchema.parse(
      (await post('uk', { query: variants[0], variables: ORCHARD })).json(),
    ).errors;
    expect(first!.message).toBe('PersistedQueryNotFound');
  });

  it('refuses an unknown hash, a hash with another text, and an operation the document lacks', async () => {
    const unknown = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
    expect(refused(await post('uk', { variables: ORCHARD, extensions: unknown }), 400)).toEqual({
      code: 'persisted_query_not_found',
    });
    const mismatch = await post('uk', {
      query: '{ __typename }',
      variables: ORCHARD,
      extensions: CALENDAR_QUERY_EXTENSIONS,
    });
    expect(refused(mismatch, 400)).toEqual({ code: 'validation_failed', fields: ['query'] });
    const otherName = await post('uk', {
      variables: ORCHARD,
      operationName: 'Flood123',
      extensions: CALENDAR_QUERY_EXTENSIONS,
    });
    expect(refused(otherName, 400)).toEqual({
      code: 'validation_failed',
      fields: ['operationName'],
    });
    for (const extensions of [
      { persistedQuery: { version: 2, sha256Hash: CALENDAR_QUERY_HASH } },
      { persistedQuery: { version: 1, sha256Hash: 'x'.repeat(256) } },
      { persistedQuery: { version: 1, sha256Hash: CALENDAR_QUERY_HASH.toUpperCase() } },
      { other: true },
    ]) {
      expect(refused(await post('uk', { variables: ORCHARD, extensions }), 400).code).toBe(
        'validation_failed',
      );
    }
    expect(refused(await post('uk', { variables: ORCHARD }), 400)).toEqual({
      code: 'validation_failed',
      fields: ['query'],
    });
  });

  it('keeps ad-hoc queries off unless a developer turns them on, and never in production', () => {
    expect(graphqlSettingsFromEnv({}).adhocQueries).toBe(false);
    expect(graphqlSettingsFromEnv({ GRAPHQL_ADHOC_QUERIES: '1' }).adhocQueries).toBe(true);
    expect(() =>
      graphqlSettingsFromEnv({ GRAPHQL_ADHOC_QUERIES: '1', NODE_ENV: 'production' }),
    ).toThrow(/GRAPHQL_ADHOC_QUERIES/);
    expect(graphqlSettingsFromEnv({}).rateLimit).toEqual({ max: 120, windowSeconds: 60 });
    expect(() => graphqlSettingsFromEnv({ CALENDAR_RATE_LIMIT: 'lots' })).toThrow(
      /CALENDAR_RATE_LIMIT/,
    );
  });
});

describe('calendar load per client (issue 11)', () => {
  it('limits calendar requests per client address with 429 rate_limited and Retry-After', async () => {
    const max = 3;
    const limited = await buildApp({
      db,
      venues,
      logger: false,
      graphql: { rateLimit: { max, windowSeconds: 3600 } },
    });
    try {
      // Addresses of their own, so no other test's requests count against them.
      const octet = () => Math.floor(Math.random() * 250) + 1;
      const client = `198.51.${octet()}.${octet()}`;
      const other = `203.0.${octet()}.${octet()}`;
      const ask = (remoteAddress: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/uk/graphql',
          remoteAddress,
          payload: { variables: ORCHARD, extensions: CALENDAR_QUERY_EXTENSIONS },
        });
      // A window may end between two calls; the limit must still bite within two windows' worth.
      let answered = 0;
      let refusal: Awaited<ReturnType<typeof ask>> | undefined;
      while (refusal === undefined && answered <= 2 * max) {
        const response = await ask(client);
        if (response.statusCode === 200) answered += 1;
        else refusal = response;
      }
      expect(answered).toBeGreaterThanOrEqual(max);
      expect(refusal, 'no refusal after twice the limit').toBeDefined();
      expect(refused(refusal!, 429).code).toBe('rate_limited');
      const retryAfter = Number(refusal!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Another buyer is not held back by this one.
      expect((await ask(other)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('refuses a flooding address before reading, logging or counting its requests, while another address is answered', async () => {
    // Issue 26: once the limit refuses a client, its further requests must cost next to nothing,
    // or a flood from one address slows every other buyer down (the embedded database runs one
    // query at a time).
    let queries = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (text: string, values?: unknown[]) => {
          queries += 1;
          return target.query(text, values);
        };
      },
    });
    const lines: string[] = [];
    const limited = await buildApp({
      db: counting,
      venues,
      logger: { level: 'info', stream: { write: (line) => void lines.push(line) } },
      graphql: { rateLimit: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const octet = () => Math.floor(Math.random() * 250) + 1;
      const flooder = `198.18.${octet()}.${octet()}`;
      const other = `203.0.${octet()}.${octet()}`;
      const ask = (remoteAddress: string, payload: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/uk/graphql',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload,
        });
      const calendarRequest = JSON.stringify({
        variables: ORCHARD,
        extensions: CALENDAR_QUERY_EXTENSIONS,
      });
      let first: Awaited<ReturnType<typeof ask>> | undefined;
      for (let k = 0; k < 5 && first === undefined; k += 1) {
        const response = await ask(flooder, calendarRequest);
        if (response.statusCode === 429) first = response;
      }
      expect(first, 'the limit never refused the flooding address').toBeDefined();

      const queriesBefore = queries;
      const linesBefore = lines.length;
      const flood = await Promise.all(
        Array.from({ length: 20 }, (_, k) =>
          // Half of them not even JSON: a refused request's body is never read.
          ask(flooder, k % 2 === 0 ? calendarRequest : '{"variables": '),
        ),
      );
      for (const response of flood) {
        expect(refused(response, 429).code).toBe('rate_limited');
        const retryAfter = Number(response.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
      }
      expect(queries - queriesBefore, 'database queries for refused requests').toBe(0);
      const requestLines = () =>
        lines.slice(linesBefore).filter((line) => line.includes('"reqId"'));
      expect(requestLines(), 'log lines for refused requests').toEqual([]);

      // The other address is answered meanwhile, and its requests are logged as ever.
      const answered = await ask(other, calendarRequest);
      expect(answered.statusCode, answered.body).toBe(200);
      expect(requestLines().join('\n')).toMatch(/request completed/);
    } finally {
      await limited.close();
    }
  });

  it('reuses a code-free answer to GET for two seconds; POST and codes read afresh', async () => {
    let reads = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (text: string, values?: unknown[]) => {
          if (text.includes('admission_capacities ac ON ac.performance_id = perf.id')) reads += 1;
          return target.query(text, values);
        };
      },
    });
    const kept = await buildApp({ db: counting, venues, logger: false });
    try {
      const ask = (method: 'GET' | 'POST', variables: CalendarVariables) =>
        method === 'GET'
          ? kept.inject({
              method,
              url: `/api/uk/graphql?${new URLSearchParams({
                variables: JSON.stringify(variables),
                extensions: JSON.stringify(CALENDAR_QUERY_EXTENSIONS),
              }).toString()}`,
              remoteAddress: '192.0.2.13',
            })
          : kept.inject({
              method,
              url: '/api/uk/graphql',
              remoteAddress: '192.0.2.13',
              payload: { variables, extensions: CALENDAR_QUERY_EXTENSIONS },
            });
      const started = Date.now();
      const first = await ask('GET', ORCHARD);
      const second = await ask('GET', ORCHARD);
      expect(second.body).toBe(first.body);
      // Only a machine stalled for two seconds between the two would read twice.
      if (Date.now() - started < 1500) expect(reads).toBe(1);
      const before = reads;
      expect((await ask('POST', ORCHARD)).statusCode).toBe(200);
      expect((await ask('GET', { ...ORCHARD, promoCode: 'ORCHARD10' })).statusCode).toBe(200);
      expect((await ask('GET', { ...ORCHARD, promoCode: 'ORCHARD10' })).statusCode).toBe(200);
      expect(reads).toBe(before + 3);
    } finally {
      await kept.close();
    }
  });

  it('answers 503 with Retry-After in GraphQL’s shape when the database cannot be reached', async () => {
    let down: 'calendar' | 'all' = 'calendar';
    const unreachable = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return (text: string, values?: unknown[]) => {
          if (down === 'all' || text.includes('FROM shows sh')) {
            return Promise.reject(new DatabaseUnavailableError('ECONNREFUSED'));
          }
          return target.query(text, values);
        };
      },
    });
    const lines: string[] = [];
    const cutOff = await buildApp({
      db: unreachable,
      venues,
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const ask = () =>
        cutOff.inject({
          method: 'POST',
          url: '/api/uk/graphql',
          remoteAddress: '192.0.2.14',
          payload: { variables: ORCHARD, extensions: CALENDAR_QUERY_EXTENSIONS },
        });
      for (const where of ['calendar', 'all'] as const) {
        down = where;
        const response = await ask();
        expect(refused(response, 503).code, where).toBe('service_unavailable');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(lines.filter((line) => line.includes('"level":50'))).toEqual([]);
    } finally {
      await cutOff.close();
    }
  });

  it('answers identical requests in flight at once from one database read', async () => {
    const concurrent = 12;
    let counted = 0;
    let reads = 0;
    let allCounted!: () => void;
    // A slow database (PostgreSQL under load): the month's read waits until every request has
    // been counted by the rate limit, so all of them are in flight together. PGlite alone would
    // run them one after another.
    let deadline: NodeJS.Timeout | undefined;
    const gate = Promise.race([
      new Promise<void>((resolve) => (allCounted = resolve)),
      new Promise<void>((resolve) => (deadline = setTimeout(resolve, 10_000))),
    ]);
    const slow = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver) as unknown;
        return async (text: string, values?: unknown[]) => {
          if (text.includes('admission_capacities ac ON ac.performance_id = perf.id')) {
            reads += 1;
            await gate;
          }
          const result = await target.query(text, values);
          if (text.includes('INSERT INTO rate_limit_hits') && ++counted >= concurrent) allCounted();
          return result;
        };
      },
    });
    const shared = await buildApp({ db: slow, venues, logger: false });
    try {
      const { months } = await calendar('uk', ORCHARD);
      const body = {
        variables: { ...ORCHARD, month: months!.first },
        extensions: CALENDAR_QUERY_EXTENSIONS,
      };
      const ask = () =>
        shared.inject({
          method: 'POST',
          url: '/api/uk/graphql',
          remoteAddress: '192.0.2.12',
          payload: body,
        });
      const responses = await Promise.all(Array.from({ length: concurrent }, ask));
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(reads).toBe(1);
      // Once answered, the next request reads afresh (availability changes by the second).
      expect((await ask()).statusCode).toBe(200);
      expect(reads).toBe(2);
    } finally {
      clearTimeout(deadline);
      await shared.close();
    }
  });
});

describe('the demo code that fits one performance (shouldRedirectSinglePromoCode)', () => {
  it('FOGCITY-GALA applies to the one-night gala at the Golden Gate Playhouse, and to nothing else', async () => {
    const { rows } = await db.query<{ id: string; startsAt: Date }>(
      `SELECT upper(p.id::text) AS id, p.starts_at AS "startsAt" FROM performances p
       JOIN shows sh ON sh.id = p.show_id
       WHERE sh.venue_slug = 'golden-gate-playhouse' AND sh.title_slug = 'fog-city-follies-gala'`,
    );
    expect(rows).toHaveLength(1);
    const gala = rows[0]!;
    const result = await calendar('us-west', {
      venueSlug: 'golden-gate-playhouse',
      titleSlug: 'fog-city-follies-gala',
      month: monthAt(new Date(gala.startsAt), 'America/Los_Angeles'),
      promoCode: 'FOGCITY-GALA',
    });
    expect(result.promo).toMatchObject({ status: 'applied', performanceIds: [gala.id] });
    expect(
      venues.find((v) => v.settings.slug === 'golden-gate-playhouse')!.settings.flags,
    ).toMatchObject({ shouldRedirectSinglePromoCode: true });
    const follies = await calendar('us-west', {
      venueSlug: 'golden-gate-playhouse',
      titleSlug: 'fog-city-follies',
      month: monthAt(new Date(gala.startsAt), 'America/Los_Angeles'),
      promoCode: 'FOGCITY-GALA',
    });
    expect(follies.promo).toMatchObject({ status: 'notForEvent', performanceIds: [] });
  });
});
