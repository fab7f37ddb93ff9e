import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressLookupResponseSchema } from '../../contract/api/checkout';
import { apiErrorSchema } from '../../contract/api/common';
import { DEMO_POSTCODES } from '../../server/addressLookup/demoAddresses';
import { normalisedPostcode } from '../../server/addressLookup/postcode';
import type { AddressLookupProvider } from '../../server/addressLookup/provider';
import { addressLookupProviderFromEnv } from '../../server/addressLookup/setup';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { openMigratedDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await buildApp({ db, venues, logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

let clients = 0;
/** Each call from its own client address, so the rate limit only bites where a test wants it. */
const lookup = (query: string, target = app, remoteAddress = `10.0.0.${(clients += 1)}`) =>
  target.inject({
    method: 'GET',
    url: `/services/address-lookup/addresses?${query}`,
    remoteAddress,
  });

describe('address lookup', () => {
  it('finds the addresses at a UK postcode however it is typed, cacheable for a day', async () => {
    const response = await lookup('country=GB&postcode=%20wc2e7lb%20');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const { postcode, addresses } = addressLookupResponseSchema.parse(response.json());
    expect(postcode).toBe('WC2E 7LB');
    expect(addresses).toHaveLength(4);
    expect(addresses[0]).toEqual({
      line1: 'Flat 1',
      line2: '33 Maiden Lane',
      city: 'London',
      state: '',
      postcode: 'WC2E 7LB',
      country: 'GB',
    });
  });

  it('finds every address in a ZIP, and only a ZIP+4’s own by ZIP+4', async () => {
    const zip = addressLookupResponseSchema.parse(
      (await lookup('country=US&postcode=94102')).json(),
    );
    expect(zip.postcode).toBe('94102');
    expect(new Set(zip.addresses.map((address) => address.postcode))).toEqual(
      new Set(['94102-2709', '94102-1304']),
    );
    expect(zip.addresses.every((a) => a.city === 'San Francisco' && a.state === 'CA')).toBe(true);
    const plus4 = addressLookupResponseSchema.parse(
      (await lookup('country=US&postcode=94102%202709')).json(),
    );
    expect(plus4.postcode).toBe('94102-2709');
    expect(plus4.addresses.map((address) => address.line2)).toEqual([
      'Apt 301',
      'Apt 302',
      'Apt 405',
    ]);
  });

  it('answers an empty list for a real postcode it does not know', async () => {
    const response = await lookup('country=GB&postcode=EC1A%201BB');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ postcode: 'EC1A 1BB', addresses: [] });
  });

  it.each([
    ['country=GB&postcode=QQ1%201QQ', 'querystring.postcode'],
    ['country=GB&postcode=90210', 'querystring.postcode'],
    ['country=US&postcode=SW1A%202AA', 'querystring.postcode'],
    ['country=US&postcode=1234', 'querystring.postcode'],
    ['country=FR&postcode=75001', 'querystring.country'],
    ['country=GB', 'querystring.postcode'],
    ['country=GB&postcode=M1%201AE&house=1', 'querystring.house'],
  ])('refuses %s (400, not cached)', async (query, field) => {
    const response = await lookup(query);
    expect(response.statusCode).toBe(400);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(apiErrorSchema.parse(response.json())).toMatchObject({
      code: 'validation_failed',
      fields: [field],
    });
  });

  it('limits each client, not everyone', async () => {
    const limited = await buildApp({
      db,
      venues,
      logger: false,
      addressLookup: { rateLimit: { max: 2, windowSeconds: 600 } },
    });
    try {
      const busy = '192.0.2.77';
      expect((await lookup('country=GB&postcode=M1%203BE', limited, busy)).statusCode).toBe(200);
      expect((await lookup('country=GB&postcode=M4%201LE', limited, busy)).statusCode).toBe(200);
      const third = await lookup('country=GB&postcode=M15%204FN', limited, busy);
      expect(third.statusCode).toBe(429);
      expect(apiErrorSchema.parse(third.json()).code).toBe('rate_limited');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.headers['cache-control']).toBe('no-store');
      expect((await lookup('country=GB&postcode=M1%203BE', limited, '192.0.2.78')).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('is 503 when the provider cannot answer', async () => {
    const down: AddressLookupProvider = {
      name: 'down',
      lookup: () => Promise.reject(new Error('provider timeout')),
    };
    const broken = await buildApp({ db, venues, logger: false, addressLookup: { provider: down } });
    try {
      const response = await lookup('country=GB&postcode=WC2E%207LB', broken);
      expect(response.statusCode).toBe(503);
      expect(apiErrorSchema.parse(response.json()).code).toBe('service_unavailable');
    } finally {
      await broken.close();
    }
  });

  it('takes its provider from ADDRESS_LOOKUP_PROVIDER and refuses an unknown one', () => {
    expect(addressLookupProviderFromEnv({}).name).toBe('demo');
    expect(() => addressLookupProviderFromEnv({ ADDRESS_LOOKUP_PROVIDER: 'royal-mail' })).toThrow(
      /ADDRESS_LOOKUP_PROVIDER must be one of demo/,
    );
  });
});

describe('the demo area', () => {
  it('covers every demo venue’s city with postcodes the checkout’s own rules accept', () => {
    const cities = new Set(DEMO_POSTCODES.map((entry) => entry.city));
    for (const { settings } of venues) expect(cities, settings.slug).toContain(settings.city);
    for (const entry of DEMO_POSTCODES) {
      expect(normalisedPostcode(entry.country, entry.postcode), entry.postcode).toBe(
        entry.postcode,
      );
      expect(entry.addresses.length, entry.postcode).toBeGreaterThanOrEqual(2);
      expect(entry.state === '', entry.postcode).toBe(entry.country === 'GB');
    }
  });
});
