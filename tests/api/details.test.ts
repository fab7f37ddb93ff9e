import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailsResponseSchema, type DetailsResponse } from '../../contract/api/checkout';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import type { VenueSettings } from '../../contract/venue';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { purgeAbandonedDetails } from '../../server/details/queries';
import { requireCompleteDetails } from '../../server/details/details';
import { ApiError } from '../../server/lib/errors';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { cleanPerformance, expireHold, seatsInRow } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;

const REGION = {
  'lumen-theatre': 'uk',
  'northern-playhouse': 'uk',
  'golden-gate-playhouse': 'us-west',
  'lone-star-theater': 'us-central',
} as const;
type Venue = keyof typeof REGION;
const SHOW: Record<Venue, string> = {
  'lumen-theatre': 'the-glass-orchard',
  'northern-playhouse': 'the-mill-girls',
  'golden-gate-playhouse': 'fog-city-follies',
  'lone-star-theater': 'texas-two-step',
};

/** Per venue: a clean performance and free seats of its stalls rows G to I, taken in turn. */
const seatsOf = new Map<Venue, { performanceId: string; free: string[] }>();

const settingsOf = (slug: string): VenueSettings =>
  venues.find((venue) => venue.settings.slug === slug)!.settings;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({ db, venues, logger: false });
  for (const venue of Object.keys(REGION) as Venue[]) {
    const { performanceId, planId } = await cleanPerformance(db, venue, SHOW[venue], 1);
    // Every third seat (1, 4, 7, …): held or expired in any mix, none breaks the single-seat rule.
    const free = (
      await Promise.all(['G', 'H', 'I'].map((row) => seatsInRow(db, planId, 'STALLS', row)))
    )
      .flat()
      .filter((seat) => seat.number % 3 === 1)
      .map((seat) => seat.id);
    seatsOf.set(venue, { performanceId, free });
  }
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

interface Held {
  buyer: Buyer;
  holdId: string;
  region: string;
}

/** A fresh buyer holding one seat at the venue. */
async function heldSeat(venue: Venue = 'lumen-theatre'): Promise<Held> {
  const { performanceId, free } = seatsOf.get(venue)!;
  const region = REGION[venue];
  const buyer = await newBuyerOf(app);
  const response = await callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId, seats: [free.shift()!] },
    region,
  });
  expect(response.statusCode).toBe(201);
  return { buyer, holdId: holdResponseSchema.parse(response.json()).hold.id, region };
}

const getDetails = (held: Held) =>
  callApi(app, held.buyer, 'GET', `/holds/${held.holdId}/details`, { region: held.region });

const putDetails = (held: Held, body: unknown, key?: string) =>
  callApi(app, held.buyer, 'PUT', `/holds/${held.holdId}/details`, {
    body,
    region: held.region,
    ...(key ? { key } : {}),
  });

async function detailsOf(held: Held): Promise<DetailsResponse> {
  const response = await getDetails(held);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return detailsResponseSchema.parse(response.json());
}

async function saved(held: Held, body: unknown): Promise<DetailsResponse> {
  const response = await putDetails(held, body);
  expect(response.statusCode, response.body).toBe(200);
  return detailsResponseSchema.parse(response.json());
}

function refusal(response: { statusCode: number; json(): unknown }) {
  return { status: response.statusCode, ...apiErrorSchema.parse(response.json()) };
}

const ukContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.co.uk',
  phone: '020 7946 0123',
};
const usContact = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '(415) 555-2671',
};
const consents = {
  termsAccepted: true,
  marketingOptIn: false,
  pecrOptOut: false,
  abandonedBasketOptOut: true,
};
const ukAddress = {
  line1: '33 Maiden Lane',
  line2: '',
  city: 'London',
  state: '',
  postcode: 'wc2e7lb',
  country: 'GB',
};
const usAddress = {
  line1: '450 Geary St',
  line2: 'Apt 301',
  city: 'San Francisco',
  state: 'ca',
  postcode: '94102 2709',
  country: 'US',
};

describe('checkout details of a hold', () => {
  it('start empty, with what the venue offers: its delivery methods, country and questions', async () => {
    const held = await heldSeat();
    const { details, options } = await detailsOf(held);
    expect(details).toEqual({
      delivery: null,
      contact: null,
      answers: {},
      consents: null,
      complete: false,
    });
    expect(options.deliveryMethods).toEqual(['eTicket', 'boxOffice', 'post']);
    expect(options.homeCountry).toBe('GB');
    expect(options.questions.map((question) => [question.id, question.kind])).toEqual([
      ['access-requirements', 'text'],
      ['heard-about', 'choice'],
    ]);
    expect(options.zeroPrice).toBe(false);

    const us = await detailsOf(await heldSeat('golden-gate-playhouse'));
    expect(us.options.homeCountry).toBe('US');
    expect(us.options.questions.find((q) => q.id === 'heard-about')?.required).toBe(true);
  });

  it('save each step on its own and become complete once terms are accepted', async () => {
    const held = await heldSeat();
    const afterDelivery = await saved(held, { delivery: { method: 'eTicket', address: null } });
    expect(afterDelivery.details.delivery).toEqual({ method: 'eTicket', address: null });
    expect(afterDelivery.details.complete).toBe(false);

    const afterContact = await saved(held, {
      contact: { ...ukContact, firstName: '  Ada ' },
      answers: { 'heard-about': 'Social media', 'access-requirements': '  ' },
      consents: { ...consents, termsAccepted: false },
    });
    // Each part sent replaces its own; the delivery saved before is kept.
    expect(afterContact.details.delivery).toEqual({ method: 'eTicket', address: null });
    expect(afterContact.details.contact).toEqual(ukContact);
    // An optional question left blank is not kept.
    expect(afterContact.details.answers).toEqual({ 'heard-about': 'Social media' });
    expect(afterContact.details.complete).toBe(false);

    const accepted = await saved(held, { consents });
    expect(accepted.details.complete).toBe(true);
    expect(await detailsOf(held)).toEqual(accepted);
  });

  it('post to a UK address (the Channel Islands too), with the postcode written properly', async () => {
    const held = await heldSeat();
    const posted = await saved(held, { delivery: { method: 'post', address: ukAddress } });
    expect(posted.details.delivery).toEqual({
      method: 'post',
      address: { ...ukAddress, postcode: 'WC2E 7LB' },
    });
    const jersey = await saved(held, {
      delivery: {
        method: 'post',
        address: { ...ukAddress, city: 'St Helier', postcode: 'je2 3ab', country: 'JE' },
      },
    });
    expect(jersey.details.delivery?.address?.postcode).toBe('JE2 3AB');
  });

  it('refuse an address abroad for post with its own code, before judging its postcode', async () => {
    const held = await heldSeat();
    const abroad = await putDetails(held, {
      delivery: {
        method: 'post',
        address: { ...ukAddress, city: 'Paris', postcode: '75001', country: 'FR' },
      },
    });
    expect(refusal(abroad)).toMatchObject({
      status: 422,
      code: 'delivery_outside_country',
      fields: ['delivery.address.country'],
    });
    const usAbroad = await putDetails(await heldSeat('golden-gate-playhouse'), {
      delivery: { method: 'post', address: ukAddress },
    });
    expect(refusal(usAbroad)).toMatchObject({
      status: 422,
      code: 'delivery_outside_country',
      fields: ['delivery.address.country'],
    });
    expect((await detailsOf(held)).details.delivery).toBeNull();
  });

  it.each([
    [
      'a postcode that is not a UK one',
      { method: 'post', address: { ...ukAddress, postcode: 'QQ1 1QQ' } },
      ['delivery.address.postcode'],
    ],
    ['post without an address', { method: 'post', address: null }, ['delivery.address']],
    ['an address with an eTicket', { method: 'eTicket', address: ukAddress }, ['delivery.address']],
    [
      'a method the venue does not offer',
      { method: 'theatreCourse', address: null },
      ['delivery.method'],
    ],
    [
      'a city over 40 characters',
      { method: 'post', address: { ...ukAddress, city: 'L'.repeat(41) } },
      ['delivery.address.city'],
    ],
    [
      'an extra field',
      { method: 'eTicket', address: null, instructions: 'leave with neighbour' },
      ['delivery.instructions'],
    ],
  ])('refuse %s, naming the field', async (_case, delivery, fields) => {
    const held = await heldSeat();
    const response = await putDetails(held, { delivery });
    expect(refusal(response)).toMatchObject({ status: 400, code: 'validation_failed', fields });
  });

  it('take US addresses by the ZIP rule, with a state and a city name', async () => {
    const held = await heldSeat('golden-gate-playhouse');
    const posted = await saved(held, { delivery: { method: 'post', address: usAddress } });
    expect(posted.details.delivery?.address).toEqual({
      ...usAddress,
      state: 'CA',
      postcode: '94102-2709',
    });
    const wrong = await putDetails(held, {
      delivery: {
        method: 'post',
        address: { ...usAddress, state: '', city: '94102', postcode: 'SW1A 2AA' },
      },
    });
    expect(refusal(wrong)).toMatchObject({
      status: 400,
      fields: ['delivery.address.postcode', 'delivery.address.city', 'delivery.address.state'],
    });
  });

  it('check email and phone with the forms’ rules, in the venue’s country', async () => {
    const held = await heldSeat();
    const bad = await putDetails(held, {
      contact: { ...ukContact, email: 'ada@example', phone: '(415) 555-2671' },
    });
    expect(refusal(bad)).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: ['contact.email', 'contact.phone'],
    });
    // A number abroad is fine written with its country code.
    const abroad = await saved(held, { contact: { ...ukContact, phone: '+1 415 555 2671' } });
    expect(abroad.details.contact?.phone).toBe('+1 415 555 2671');

    const us = await heldSeat('golden-gate-playhouse');
    expect((await putDetails(us, { contact: ukContact })).statusCode).toBe(400);
    expect((await putDetails(us, { contact: usContact })).statusCode).toBe(200);

    const nameless = await putDetails(held, { contact: { ...ukContact, lastName: '  ' } });
    expect(refusal(nameless)).toMatchObject({ status: 400, fields: ['contact.lastName'] });
  });

  it('take answers to the venue’s own questions only, required ones answered, choices offered', async () => {
    const held = await heldSeat('golden-gate-playhouse');
    for (const [answers, fields] of [
      [{}, ['answers.heard-about']],
      [{ 'heard-about': 'A billboard' }, ['answers.heard-about']],
      [{ 'heard-about': 'Other', 'favourite-colour': 'green' }, ['answers.favourite-colour']],
    ] as const) {
      expect(refusal(await putDetails(held, { answers })), JSON.stringify(answers)).toMatchObject({
        status: 400,
        fields,
      });
    }
    const answered = await saved(held, {
      answers: { 'heard-about': 'Other', 'access-requirements': 'Step-free route, please.' },
    });
    expect(answered.details.answers).toEqual({
      'heard-about': 'Other',
      'access-requirements': 'Step-free route, please.',
    });
  });

  it('refuse consents the venue does not ask for', async () => {
    // Lone Star does not show marketing preferences; Northern Playhouse hides the PECR opt-out.
    const loneStarHold = await heldSeat('lone-star-theater');
    expect(
      refusal(await putDetails(loneStarHold, { consents: { ...consents, marketingOptIn: true } })),
    ).toMatchObject({ status: 400, fields: ['consents.marketingOptIn'] });
    const northernHold = await heldSeat('northern-playhouse');
    expect(
      refusal(await putDetails(northernHold, { consents: { ...consents, pecrOptOut: true } })),
    ).toMatchObject({ status: 400, fields: ['consents.pecrOptOut'] });
    expect((await putDetails(northernHold, { consents })).statusCode).toBe(200);
  });

  it('refuse an empty or unknown body', async () => {
    const held = await heldSeat();
    expect(refusal(await putDetails(held, {}))).toMatchObject({ status: 400 });
    expect(refusal(await putDetails(held, { notes: 'hi' }))).toMatchObject({
      status: 400,
      fields: ['notes'],
    });
  });

  it('need the CSRF token and an idempotency key; a replayed key returns the first answer', async () => {
    const held = await heldSeat();
    const url = `/api/uk/holds/${held.holdId}/details`;
    const body = { delivery: { method: 'boxOffice', address: null } };
    const noCsrf = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: held.buyer.cookie, 'idempotency-key': newKey() },
      payload: body,
    });
    expect(noCsrf.statusCode).toBe(403);
    const noKey = await app.inject({
      method: 'PUT',
      url,
      headers: { cookie: held.buyer.cookie, 'x-csrf-token': held.buyer.csrf },
      payload: body,
    });
    expect(refusal(noKey)).toMatchObject({ status: 400, fields: ['headers.idempotency-key'] });
    expect((await detailsOf(held)).details.delivery).toBeNull();

    const key = newKey();
    const first = await putDetails(held, body, key);
    expect(first.statusCode).toBe(200);
    // Another step saved meanwhile; the replay still answers what the first call answered.
    await saved(held, { contact: ukContact });
    const replay = await putDetails(held, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const reused = await putDetails(held, { delivery: { method: 'eTicket', address: null } }, key);
    expect(refusal(reused)).toMatchObject({ status: 422, code: 'idempotency_mismatch' });
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('are 404 to another buyer and 410 once the hold has expired', async () => {
    const held = await heldSeat();
    await saved(held, { contact: ukContact });
    const stranger = { ...held, buyer: await newBuyerOf(app) };
    expect(refusal(await getDetails(stranger))).toMatchObject({ status: 404, code: 'not_found' });
    expect(refusal(await putDetails(stranger, { consents }))).toMatchObject({ status: 404 });
    // Another region's API does not know the hold either.
    expect(refusal(await getDetails({ ...held, region: 'us-east' }))).toMatchObject({
      status: 404,
    });

    await expireHold(db, held.holdId);
    expect(refusal(await getDetails(held))).toMatchObject({ status: 410, code: 'hold_expired' });
    expect(refusal(await putDetails(held, { consents }))).toMatchObject({
      status: 410,
      code: 'hold_expired',
    });
  });

  it('say when nothing is to be paid (a zero-price basket)', async () => {
    const playhouse = `show_id IN (SELECT id FROM shows WHERE venue_slug = 'northern-playhouse')`;
    const fees = await db.query<{ booking: number; txn: number }>(
      `SELECT booking_fee AS booking, transaction_fee AS txn FROM venues
       WHERE slug = 'northern-playhouse'`,
    );
    const faces = await db.query<{ show: string; code: string; face: number }>(
      `SELECT show_id::text AS show, code, face_value AS face FROM price_options WHERE ${playhouse}`,
    );
    await db.query(
      `UPDATE venues SET booking_fee = 0, transaction_fee = 0 WHERE slug = 'northern-playhouse'`,
    );
    await db.query(`UPDATE price_options SET face_value = 0 WHERE ${playhouse}`);
    try {
      const held = await heldSeat('northern-playhouse');
      expect((await detailsOf(held)).options.zeroPrice).toBe(true);
    } finally {
      // Put the prices back, so no later test meets a free Northern Playhouse.
      await db.query(
        `UPDATE venues SET booking_fee = $1, transaction_fee = $2 WHERE slug = 'northern-playhouse'`,
        [fees.rows[0]!.booking, fees.rows[0]!.txn],
      );
      for (const face of faces.rows) {
        await db.query(
          'UPDATE price_options SET face_value = $3 WHERE show_id = $1::uuid AND code = $2',
          [face.show, face.code, face.face],
        );
      }
    }
    // The next buyer there pays again.
    expect((await detailsOf(await heldSeat('northern-playhouse'))).options.zeroPrice).toBe(false);
  });
});

describe('requireCompleteDetails (the pay request)', () => {
  const lumenSettings = () => settingsOf('lumen-theatre');

  async function missingFor(holdId: string, venue: VenueSettings): Promise<string[] | undefined> {
    try {
      await db.transaction((tx) => requireCompleteDetails(tx, holdId, venue));
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      expect(error.statusCode).toBe(422);
      expect(error.code).toBe('details_incomplete');
      return error.fields;
    }
  }

  it('names every missing part, then gives back the details an order is made with', async () => {
    const held = await heldSeat();
    expect(await missingFor(held.holdId, lumenSettings())).toEqual([
      'delivery',
      'contact',
      'consents.termsAccepted',
    ]);
    await saved(held, {
      delivery: { method: 'post', address: ukAddress },
      contact: ukContact,
      answers: { 'heard-about': 'Other' },
      consents: { ...consents, termsAccepted: false },
    });
    expect(await missingFor(held.holdId, lumenSettings())).toEqual(['consents.termsAccepted']);
    await saved(held, { consents });
    const complete = await db.transaction((tx) =>
      requireCompleteDetails(tx, held.holdId.toLowerCase(), lumenSettings()),
    );
    expect(complete).toEqual({
      delivery: { method: 'post', address: { ...ukAddress, postcode: 'WC2E 7LB' } },
      contact: ukContact,
      answers: { 'heard-about': 'Other' },
      consents,
    });
  });

  it('checks against the venue as it is when paying: methods withdrawn, questions added', async () => {
    const held = await heldSeat();
    await saved(held, {
      delivery: { method: 'post', address: ukAddress },
      contact: ukContact,
      answers: { 'heard-about': 'Other' },
      consents: { ...consents, marketingOptIn: true },
    });
    const changed: VenueSettings = {
      ...lumenSettings(),
      flags: { ...lumenSettings().flags, shouldShowMarketingPreferences: false },
      deliveryMethods: ['eTicket'],
      checkoutQuestions: [
        {
          id: 'first-visit',
          kind: 'choice',
          label: 'First visit?',
          required: true,
          options: ['Yes', 'No'],
        },
      ],
    };
    expect(await missingFor(held.holdId, changed)).toEqual([
      'delivery',
      'answers.first-visit',
      'consents.marketingOptIn',
    ]);
  });
});

describe('abandoned details', () => {
  it('are purged a day after their hold expired; live and recent ones stay', async () => {
    const stale = await heldSeat();
    const recent = await heldSeat();
    const live = await heldSeat();
    for (const held of [stale, recent, live]) await saved(held, { contact: ukContact });
    await expireHold(db, recent.holdId);
    await expireHold(db, stale.holdId);
    await db.query(
      `UPDATE holds SET created_at = now() - interval '2 days', expires_at = now() - interval '25 hours'
       WHERE id = $1`,
      [stale.holdId],
    );
    expect(await purgeAbandonedDetails(db)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ holdId: string }>(
      `SELECT upper(hold_id::text) AS "holdId" FROM checkout_details WHERE hold_id = ANY($1::uuid[])`,
      [[stale.holdId, recent.holdId, live.holdId]],
    );
    expect(rows.map((row) => row.holdId).sort()).toEqual([recent.holdId, live.holdId].sort());
  });
});
