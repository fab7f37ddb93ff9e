import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basketResponseSchema, type Basket } from '../../contract/api/basket';
import { calendarResponseSchema } from '../../contract/api/calendar';
import { CALENDAR_QUERY_EXTENSIONS } from '../../contract/api/calendarQuery';
import { detailsResponseSchema } from '../../contract/api/checkout';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema, seatStatusSchema } from '../../contract/api/holds';
import {
  accountOrderResponseSchema,
  accountOrdersResponseSchema,
  membershipOffersResponseSchema,
  membershipPurchaseResponseSchema,
  membershipResponseSchema,
  membershipsResponseSchema,
  profileResponseSchema,
} from '../../contract/api/members';
import { payConflictSchema, payResponseSchema } from '../../contract/api/orders';
import { cardTokenSchema } from '../../contract/api/payment';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { testCard } from '../../server/payments/sandbox/testCards';
import { callApi, newBuyer as newBuyerOf, newKey, type Buyer } from './buyers';
import { buyerBrowser, detailsBody, deviceData } from './checkoutFixtures';
import { DEMO, lapse, newAccount, signInAs } from './memberSessions';
import { cleanPerformance, presalePerformance, seatsInRow } from './race/fixtures';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Members on the server (issue 14): profile, the account's orders and memberships, and the
 * benefits wherever a price or a seat is given (fee waiver, members' presale, access seats).
 */

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

const newBuyer = () => newBuyerOf(app);
const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

/** A call to a non-regional service as `buyer`, with CSRF on writes. */
function service(
  buyer: Buyer | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...headers,
      ...(buyer ? { cookie: buyer.cookie } : {}),
      ...(buyer && method !== 'GET' ? { 'x-csrf-token': buyer.csrf } : {}),
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

async function signedIn(email: string): Promise<Buyer> {
  return signInAs(app, await newBuyer(), email);
}

async function basketOf(buyer: Buyer, holdId: string, region = 'uk'): Promise<Basket> {
  const response = await callApi(app, buyer, 'GET', `/holds/${holdId}/basket`, { region });
  expect(response.statusCode, response.body).toBe(200);
  return basketResponseSchema.parse(response.json()).basket;
}

async function holdSeats(buyer: Buyer, performanceId: string, seats: string[], region = 'uk') {
  return callApi(app, buyer, 'POST', '/holds', { body: { performanceId, seats }, region });
}

async function cardToken(behaviour: 'approve' | 'decline' = 'approve'): Promise<string> {
  const { number } = testCard('visa', behaviour);
  const response = await app.inject({
    method: 'POST',
    url: '/services/payment/tokens',
    payload: { number, name: 'Ada Lovelace', expiry: '08/30', cvv: '382' },
  });
  return cardTokenSchema.parse(response.json()).token;
}

/** Submits the sandbox's device-data page as the browser would. */
async function collectDeviceData(url: string): Promise<void> {
  const page = await app.inject({ method: 'GET', url });
  const action = /<form[^>]*action="([^"]+)"/.exec(page.body)![1]!;
  await app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(deviceData).toString(),
  });
}

describe('the profile', () => {
  it('asks a guest to sign in, and shows and saves a member its own details', async () => {
    const guest = await newBuyer();
    const refused = await service(guest, 'GET', '/services/customer-profile/profile');
    expect(refused.statusCode).toBe(401);
    expect(codeOf(refused)).toBe('sign_in_required');

    const member = await signedIn(DEMO.atg);
    const read = profileResponseSchema.parse(
      (await service(member, 'GET', '/services/customer-profile/profile')).json(),
    ).profile;
    expect(read).toMatchObject({ email: DEMO.atg, firstName: 'Amara', phone: '020 7946 0321' });

    const email = 'profile.saver@example.com';
    await newAccount(db, email);
    const saver = await signedIn(email);
    const body = {
      venue: 'lumen-theatre',
      firstName: 'Tess',
      lastName: 'Saver',
      phone: '020 7946 0000',
      address: {
        line1: '1 Long Acre',
        line2: '',
        city: 'London',
        state: '',
        postcode: 'wc2e9lh',
        country: 'GB',
      },
      marketingOptIn: true,
    };
    const bad = await service(saver, 'PUT', '/services/customer-profile/profile', {
      ...body,
      phone: '12',
      address: { ...body.address, postcode: 'NOT A CODE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(apiErrorSchema.parse(bad.json()).fields?.sort()).toEqual([
      'body.address.postcode',
      'body.phone',
    ]);
    // Nothing of a refused save is kept.
    const unchanged = profileResponseSchema.parse(
      (await service(saver, 'GET', '/services/customer-profile/profile')).json(),
    ).profile;
    expect(unchanged).toMatchObject({ phone: null, address: null, marketingOptIn: false });

    const saved = await service(saver, 'PUT', '/services/customer-profile/profile', body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(profileResponseSchema.parse(saved.json()).profile).toMatchObject({
      phone: '020 7946 0000',
      address: { postcode: 'WC2E 9LH' },
      marketingOptIn: true,
    });
    // CSRF as every write.
    const forged = await app.inject({
      method: 'PUT',
      url: '/services/customer-profile/profile',
      headers: { cookie: saver.cookie },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('memberships', () => {
  it("lists the account's own memberships, and another account's are not there to change", async () => {
    const atg = await signedIn(DEMO.atg);
    const mine = membershipsResponseSchema.parse(
      (await service(atg, 'GET', '/services/account-management/memberships')).json(),
    ).memberships;
    expect(mine).toEqual([
      expect.objectContaining({ scheme: 'atg-plus', status: 'active', autoRenew: true }),
    ]);
    expect(mine[0]!.renewsOn).not.toBeNull();

    const lapsing = membershipsResponseSchema.parse(
      (
        await service(
          await signedIn(DEMO.lapsing),
          'GET',
          '/services/account-management/memberships',
        )
      ).json(),
    ).memberships;
    expect(lapsing[0]).toMatchObject({ scheme: 'atg-plus', autoRenew: false, renewsOn: null });
    expect(lapsing[0]!.endsOn).not.toBeNull();

    // The plain account has none: changing or cancelling "its" ATG+ or Access is 404.
    const plain = await signedIn(DEMO.plain);
    const patch = await service(
      plain,
      'PATCH',
      '/services/account-management/memberships/atg-plus',
      {
        autoRenew: false,
      },
    );
    expect(patch.statusCode).toBe(404);
    const cancel = await service(
      plain,
      'POST',
      '/services/account-management/memberships/access/cancel',
    );
    expect(cancel.statusCode).toBe(404);
    const none = membershipsResponseSchema.parse(
      (await service(plain, 'GET', '/services/account-management/memberships')).json(),
    ).memberships;
    expect(none).toEqual([]);
    const guest = await service(
      await newBuyer(),
      'GET',
      '/services/account-management/memberships',
    );
    expect(codeOf(guest)).toBe('sign_in_required');
  });

  it('keeps a cancelled ATG+ to the end of its term and ends a cancelled Access at once', async () => {
    const email = 'canceller@example.com';
    const accountId = await newAccount(db, email);
    await db.query(
      `INSERT INTO memberships (account_id, scheme, number, started_at, benefits_until, auto_renew)
       VALUES ($1, 'atg-plus', 'ATG-9999 0001', now(), now() + interval '200 days', true)`,
      [accountId],
    );
    const buyer = await signedIn(email);
    const off = await service(buyer, 'PATCH', '/services/account-management/memberships/atg-plus', {
      autoRenew: false,
    });
    expect(membershipResponseSchema.parse(off.json()).membership).toMatchObject({
      autoRenew: false,
      renewsOn: null,
      status: 'active',
      // The scheme's rule, for the calendar's fee notice (issue 24).
      waivesTransactionFee: true,
    });
    const cancelled = membershipResponseSchema.parse(
      (
        await service(buyer, 'POST', '/services/account-management/memberships/atg-plus/cancel')
      ).json(),
    ).membership;
    expect(cancelled).toMatchObject({ status: 'cancelled', benefitsActive: true });
    expect(cancelled.endsOn).not.toBeNull();

    const join = await service(
      buyer,
      'POST',
      '/services/account-management/memberships/access/join',
      {
        venue: 'lumen-theatre',
        evidenceKind: 'accessCard',
        evidenceReference: '1234 5678',
      },
    );
    expect(join.statusCode, join.body).toBe(201);
    const ended = membershipResponseSchema.parse(
      (
        await service(buyer, 'POST', '/services/account-management/memberships/access/cancel')
      ).json(),
    ).membership;
    expect(ended).toMatchObject({ scheme: 'access', status: 'cancelled', benefitsActive: false });
  });

  it('offers both schemes in the venue words, priced in its currency, eligibility when asked', async () => {
    const guest = membershipOffersResponseSchema.parse(
      (
        await service(
          undefined,
          'GET',
          '/services/account-management/membership-offers?venue=hudson-stage',
        )
      ).json(),
    ).offers;
    expect(guest.map((offer) => offer.scheme)).toEqual(['atg-plus', 'access']);
    expect(guest[0]).toMatchObject({ price: { amount: 5900, currency: 'USD' }, term: 'year' });
    expect(guest[1]).toMatchObject({ name: 'Hudson Access Program', price: null, term: null });
    expect(guest[1]!.evidenceKinds).toContain('accessCard');
    expect(guest.every((offer) => offer.eligible === null)).toBe(true);

    const uk = membershipOffersResponseSchema.parse(
      (
        await service(
          await signedIn(DEMO.atg),
          'GET',
          '/services/account-management/membership-offers?venue=lumen-theatre&eligibility=1',
        )
      ).json(),
    ).offers;
    expect(uk[0]).toMatchObject({ name: 'ATG+', price: { amount: 4500, currency: 'GBP' } });
    expect(uk.map((offer) => offer.eligible)).toEqual([false, true]);
  });

  it('joins Access only with evidence the demo rule accepts', async () => {
    const email = 'access.joiner@example.com';
    await newAccount(db, email);
    const buyer = await signedIn(email);
    const url = '/services/account-management/memberships/access/join';
    const refused = await service(buyer, 'POST', url, {
      venue: 'lumen-theatre',
      evidenceKind: 'benefitLetter',
      evidenceReference: '12',
    });
    expect(refused.statusCode).toBe(400);
    expect(apiErrorSchema.parse(refused.json()).fields).toEqual(['body.evidenceReference']);
    const joined = await service(buyer, 'POST', url, {
      venue: 'lumen-theatre',
      evidenceKind: 'benefitLetter',
      evidenceReference: 'pi 1234 5678',
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(membershipResponseSchema.parse(joined.json()).membership).toMatchObject({
      scheme: 'access',
      status: 'active',
      endsOn: null,
      renewsOn: null,
    });
    const again = await service(buyer, 'POST', url, {
      venue: 'lumen-theatre',
      evidenceKind: 'accessCard',
      evidenceReference: '12345678',
    });
    expect(codeOf(again)).toBe('membership_active');
    const { rows } = await db.query<{ kind: string; reference: string }>(
      `SELECT evidence_kind AS kind, evidence_reference AS reference FROM memberships m
       JOIN accounts a ON a.id = m.account_id WHERE a.email = $1`,
      [email],
    );
    expect(rows[0]).toEqual({ kind: 'benefitLetter', reference: 'PI12345678' });
  });
});

describe('the fee waiver', () => {
  it('shows the waived fee as its own line and re-prices an open basket when the membership lapses', async () => {
    const theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 5);
    const [seat] = await seatsInRow(db, theatre.planId, 'STALLS', 'K');
    const email = 'lapses.midbasket@example.com';
    const accountId = await newAccount(db, email);
    await db.query(
      `INSERT INTO memberships (account_id, scheme, number, started_at, benefits_until)
       VALUES ($1, 'access', 'ACC-9999 0002', now(), NULL)`,
      [accountId],
    );
    const buyer = await signedIn(email);
    const held = await holdSeats(buyer, theatre.performanceId, [seat!.id]);
    expect(held.statusCode, held.body).toBe(201);
    const { hold } = holdResponseSchema.parse(held.json());
    const member = await basketOf(buyer, hold.id);
    expect(member.transactionFee).toBe(0);
    expect(member.transactionFeeWaiver).toEqual({ amount: 295, scheme: 'access' });

    // An account with no membership pays the fee, like a guest.
    const plain = await signedIn(DEMO.plain);
    const [other] = await seatsInRow(db, theatre.planId, 'STALLS', 'M');
    const plainHold = holdResponseSchema.parse(
      (await holdSeats(plain, theatre.performanceId, [other!.id])).json(),
    ).hold;
    expect(await basketOf(plain, plainHold.id)).toMatchObject({
      transactionFee: 295,
      transactionFeeWaiver: null,
    });

    await lapse(db, email, 'access');
    const lapsed = await basketOf(buyer, hold.id);
    expect(lapsed.transactionFee).toBe(295);
    expect(lapsed.transactionFeeWaiver).toBeNull();
    expect(lapsed.total).toBe(member.total + 295);
    expect(lapsed.version).not.toBe(member.version);
    // The pay request holds the buyer to the version they reviewed.
    await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, { body: detailsBody() });
    await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
      body: { ticketProtection: 'no' },
    });
    const pay = await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
      body: { basketVersion: member.version, cardToken: await cardToken(), browser: buyerBrowser },
    });
    expect(pay.statusCode).toBe(409);
    expect(payConflictSchema.parse(pay.json())).toMatchObject({
      code: 'price_changed',
      basket: { transactionFee: 295, transactionFeeWaiver: null },
    });
  });
});

describe('the presale gate', () => {
  it('asks a guest to sign in, refuses a non-member and lets an ATG+ member book without a code', async () => {
    const presale = await presalePerformance(db, 'hudson-stage', 'the-glass-orchard');
    // Seats 1 and 3: seat 2 held first would leave seat 1 alone by the aisle (single-seat rule).
    const [a, , b] = await seatsInRow(db, presale.planId, 'STALLS', 'J');
    const status = seatStatusSchema.parse(
      (
        await callApi(app, undefined, 'GET', `/performances/${presale.performanceId}/seats`, {
          region: 'us-east',
        })
      ).json(),
    );
    expect(status.presale).toMatchObject({ membersOnly: 'atg-plus' });

    const guest = await holdSeats(await newBuyer(), presale.performanceId, [a!.id], 'us-east');
    expect(guest.statusCode).toBe(403);
    expect(codeOf(guest)).toBe('presale_sign_in_required');
    const plain = await holdSeats(
      await signedIn(DEMO.plain),
      presale.performanceId,
      [a!.id],
      'us-east',
    );
    expect(plain.statusCode).toBe(403);
    expect(codeOf(plain)).toBe('presale_not_qualified');
    const lapsedBuyer = await signedIn(DEMO.lapsing);
    const whileMember = await holdSeats(lapsedBuyer, presale.performanceId, [b!.id], 'us-east');
    expect(whileMember.statusCode, whileMember.body).toBe(201);
    const member = await holdSeats(
      await signedIn(DEMO.atg),
      presale.performanceId,
      [a!.id],
      'us-east',
    );
    expect(member.statusCode, member.body).toBe(201);
    // The calendar says so for the show too, before any date is picked.
    const calendarOf = async (region: string, venueSlug: string) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/${region}/graphql`,
        payload: {
          variables: { venueSlug, titleSlug: 'the-glass-orchard' },
          extensions: CALENDAR_QUERY_EXTENSIONS,
        },
      });
      return calendarResponseSchema.parse(response.json()).data.calendar;
    };
    expect((await calendarOf('us-east', 'hudson-stage')).membersPresale).toBe('atg-plus');
    expect((await calendarOf('uk', 'lumen-theatre')).membersPresale).toBeNull();
    // A plain presale (no scheme) still asks for its code.
    const lumen = await presalePerformance(db, 'lumen-theatre', 'the-glass-orchard');
    const [open] = await seatsInRow(db, lumen.planId, 'STALLS', 'J');
    const coded = await holdSeats(await signedIn(DEMO.atg), lumen.performanceId, [open!.id]);
    expect(codeOf(coded)).toBe('presale_required');
  });
});

describe('access seating', () => {
  async function accessSeats(planId: string) {
    const { rows } = await db.query<{ id: string; kind: string; row: string; number: number }>(
      `SELECT upper(id::text) AS id, row_label AS row, seat_number AS number,
              CASE WHEN is_wheelchair THEN 'wheelchair' WHEN is_companion THEN 'companion'
                   ELSE 'zone' END AS kind
       FROM seats WHERE seating_plan_id = $1 AND section_code = 'STALLS'
         AND (is_wheelchair OR is_companion OR is_access_zone)
       ORDER BY row_label, seat_number`,
      [planId],
    );
    const wheelchair = rows.find((seat) => seat.kind === 'wheelchair')!;
    const companion = rows.find(
      (seat) =>
        seat.kind === 'companion' &&
        seat.row === wheelchair.row &&
        Math.abs(seat.number - wheelchair.number) === 1,
    )!;
    const other = rows.filter((seat) => seat.kind === 'wheelchair')[1]!;
    const otherCompanion = rows.find(
      (seat) =>
        seat.kind === 'companion' &&
        seat.row === other.row &&
        Math.abs(seat.number - other.number) === 1,
    )!;
    const zone = rows.find((seat) => seat.kind === 'zone')!;
    return { wheelchair, companion, other, otherCompanion, zone };
  }

  it('holds wheelchair spaces, companion seats beside them and access seats for Access members only', async () => {
    const theatre = await cleanPerformance(db, 'lumen-theatre', 'echoes-of-avalon', 3);
    const seats = await accessSeats(theatre.planId);

    for (const who of [await newBuyer(), await signedIn(DEMO.atg)]) {
      const refused = await holdSeats(who, theatre.performanceId, [seats.wheelchair.id]);
      expect(refused.statusCode).toBe(403);
      expect(codeOf(refused)).toBe('access_membership_required');
      const best = await callApi(app, who, 'POST', '/holds/best-available', {
        body: { performanceId: theatre.performanceId, quantity: 2, accessible: true },
      });
      expect(codeOf(best)).toBe('access_membership_required');
    }

    const member = await signedIn(DEMO.access);
    const alone = await holdSeats(member, theatre.performanceId, [seats.companion.id]);
    expect(alone.statusCode).toBe(400);
    expect(apiErrorSchema.parse(alone.json()).fields).toEqual(['body.seats']);
    const pair = await holdSeats(member, theatre.performanceId, [
      seats.wheelchair.id,
      seats.companion.id,
    ]);
    expect(pair.statusCode, pair.body).toBe(201);
    // A companion seat beside a wheelchair space held earlier by the same session.
    const space = await holdSeats(member, theatre.performanceId, [seats.other.id]);
    expect(space.statusCode, space.body).toBe(201);
    const later = await holdSeats(member, theatre.performanceId, [seats.otherCompanion.id]);
    expect(later.statusCode, later.body).toBe(201);
    const zone = await holdSeats(member, theatre.performanceId, [seats.zone.id]);
    expect(zone.statusCode, zone.body).toBe(201);
  });
});

describe('checkout details from the profile', () => {
  it("pre-fills a signed-in buyer's contact and saves what they type back when asked", async () => {
    const theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 6);
    const [seat] = await seatsInRow(db, theatre.planId, 'STALLS', 'L');
    const email = 'prefill@example.com';
    await newAccount(db, email);
    const buyer = await signedIn(email);
    const { hold } = holdResponseSchema.parse(
      (await holdSeats(buyer, theatre.performanceId, [seat!.id])).json(),
    );
    const read = detailsResponseSchema.parse(
      (await callApi(app, buyer, 'GET', `/holds/${hold.id}/details`)).json(),
    );
    expect(read.details.contact).toEqual({
      firstName: 'Tess',
      lastName: 'Member',
      email,
      phone: '',
    });
    expect(read.details.complete).toBe(false);
    expect(read.profileAddress).toBeNull();

    const body = detailsBody('post');
    const address = {
      line1: '10 Floral Street',
      line2: '',
      city: 'London',
      state: '',
      postcode: 'WC2E 9DH',
      country: 'GB',
    };
    const saved = await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, {
      body: {
        ...body,
        delivery: { method: 'post', address },
        contact: { ...body.contact, email, firstName: 'Teresa' },
        saveToProfile: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile = profileResponseSchema.parse(
      (await service(buyer, 'GET', '/services/customer-profile/profile')).json(),
    ).profile;
    expect(profile).toMatchObject({ firstName: 'Teresa', phone: body.contact.phone, address });

    // A guest's details are never pre-filled.
    const guest = await newBuyer();
    const [other] = await seatsInRow(db, theatre.planId, 'STALLS', 'M');
    const guestHold = holdResponseSchema.parse(
      (await holdSeats(guest, theatre.performanceId, [other!.id])).json(),
    ).hold;
    const guestDetails = detailsResponseSchema.parse(
      (await callApi(app, guest, 'GET', `/holds/${guestHold.id}/details`)).json(),
    );
    expect(guestDetails.details.contact).toBeNull();
    expect(guestDetails.profileAddress).toBeUndefined();
  });
});

describe('buying ATG+', () => {
  const purchaseUrl = '/services/account-management/memberships/atg-plus/purchase';

  it('charges once under a double click, starts the membership, emails it and opens the presale', async () => {
    const email = 'double.click@example.com';
    const accountId = await newAccount(db, email);
    const buyer = await signedIn(email);
    const presale = await presalePerformance(db, 'hudson-stage', 'the-glass-orchard');
    const [seat] = await seatsInRow(db, presale.planId, 'STALLS', 'N');
    expect(codeOf(await holdSeats(buyer, presale.performanceId, [seat!.id], 'us-east'))).toBe(
      'presale_not_qualified',
    );

    const key = newKey();
    const body = { venue: 'hudson-stage', cardToken: await cardToken(), browser: buyerBrowser };
    const [first, second] = await Promise.all([
      service(buyer, 'POST', purchaseUrl, body, { 'idempotency-key': key }),
      service(buyer, 'POST', purchaseUrl, body, { 'idempotency-key': key }),
    ]);
    const answers = [first, second].filter((response) => response.statusCode === 200);
    expect(answers.length, `${first.body} ${second.body}`).toBeGreaterThanOrEqual(1);
    for (const other of [first, second].filter((response) => response.statusCode !== 200)) {
      expect(codeOf(other)).toBe('idempotency_in_flight');
    }
    const started = membershipPurchaseResponseSchema.parse(answers[0]!.json());
    expect(started.outcome).toBe('action_required');
    // Both clicks heard the same answer: one attempt, one payment.
    for (const answer of answers) expect(answer.json()).toEqual(started);
    await collectDeviceData(started.action!.url);
    const continueUrl = `/services/account-management/memberships/atg-plus/purchases/${started.purchaseId}/payments/${started.paymentId}/continue`;
    const [done, again] = await Promise.all([
      service(buyer, 'POST', continueUrl),
      service(buyer, 'POST', continueUrl),
    ]);
    for (const response of [done, again]) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        outcome: 'confirmed',
        amount: { amount: 5900, currency: 'USD' },
        membership: { scheme: 'atg-plus', status: 'active', autoRenew: true },
      });
    }
    // A third click with a new key finds the membership, not a second charge.
    const third = await service(
      buyer,
      'POST',
      purchaseUrl,
      { ...body, cardToken: await cardToken() },
      { 'idempotency-key': newKey() },
    );
    expect(codeOf(third)).toBe('membership_active');

    const { rows: payments } = await db.query<{ count: number; captured: number }>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE status = 'captured')::int AS captured
       FROM payments WHERE reference = $1`,
      [started.purchaseId],
    );
    expect(payments[0]).toEqual({ count: 1, captured: 1 });
    const { rows: memberships } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM memberships WHERE account_id = $1`,
      [accountId],
    );
    expect(memberships[0]!.count).toBe(1);
    const { rows: emails } = await db.query<{ subject: string; text: string }>(
      `SELECT subject, text FROM email_outbox WHERE kind = 'membership_confirmation' AND recipient = $1`,
      [email],
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Welcome to ATG+ with The Hudson Stage');
    expect(emails[0]!.text).toContain('$59');

    const member = await holdSeats(buyer, presale.performanceId, [seat!.id], 'us-east');
    expect(member.statusCode, member.body).toBe(201);
  });

  it('answers a declined card without a membership, and lets the account try again', async () => {
    const email = 'declined.card@example.com';
    await newAccount(db, email);
    const buyer = await signedIn(email);
    const declined = await service(
      buyer,
      'POST',
      purchaseUrl,
      { venue: 'lumen-theatre', cardToken: await cardToken('decline'), browser: buyerBrowser },
      { 'idempotency-key': newKey() },
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const first = membershipPurchaseResponseSchema.parse(declined.json());
    if (first.outcome === 'action_required') {
      await collectDeviceData(first.action!.url);
      const done = await service(
        buyer,
        'POST',
        `/services/account-management/memberships/atg-plus/purchases/${first.purchaseId}/payments/${first.paymentId}/continue`,
      );
      expect(done.json()).toMatchObject({ outcome: 'declined', membership: null });
    } else {
      expect(first.outcome).toBe('declined');
    }
    const list = membershipsResponseSchema.parse(
      (await service(buyer, 'GET', '/services/account-management/memberships')).json(),
    ).memberships;
    expect(list).toEqual([]);
    const retry = await service(
      buyer,
      'POST',
      purchaseUrl,
      { venue: 'lumen-theatre', cardToken: await cardToken(), browser: buyerBrowser },
      { 'idempotency-key': newKey() },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ outcome: 'action_required' });
  });

  it('lets one attempt run at a time per account, whatever key a second click sends', async () => {
    const email = 'two.keys@example.com';
    await newAccount(db, email);
    const buyer = await signedIn(email);
    const attempt = async () =>
      service(
        buyer,
        'POST',
        purchaseUrl,
        { venue: 'lumen-theatre', cardToken: await cardToken(), browser: buyerBrowser },
        { 'idempotency-key': newKey() },
      );
    const answers = await Promise.all([attempt(), attempt()]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join(' ')).toEqual([200, 409]);
    expect(codeOf(answers.find((answer) => answer.statusCode === 409)!)).toBe(
      'membership_purchase_in_flight',
    );
    const { rows } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM payments p
       JOIN membership_purchases m ON m.id::text = lower(p.reference)
       JOIN accounts a ON a.id = m.account_id WHERE a.email = $1`,
      [email],
    );
    expect(rows[0]!.count).toBe(1);
  });

  it('needs a signed-in buyer', async () => {
    const guest = await service(
      await newBuyer(),
      'POST',
      purchaseUrl,
      { venue: 'lumen-theatre', cardToken: await cardToken(), browser: buyerBrowser },
      { 'idempotency-key': newKey() },
    );
    expect(guest.statusCode).toBe(401);
    expect(codeOf(guest)).toBe('sign_in_required');
  });
});

describe("the account's orders", () => {
  it('lists the orders bought signed in with their tickets, and another account gets 404', async () => {
    const theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 7);
    const [seat] = await seatsInRow(db, theatre.planId, 'STALLS', 'P');
    const email = 'orders.owner@example.com';
    const accountId = await newAccount(db, email);
    await db.query(
      `INSERT INTO memberships (account_id, scheme, number, started_at, benefits_until, auto_renew)
       VALUES ($1, 'atg-plus', 'ATG-9999 0003', now(), now() + interval '300 days', true)`,
      [accountId],
    );
    const buyer = await signedIn(email);
    const { hold } = holdResponseSchema.parse(
      (await holdSeats(buyer, theatre.performanceId, [seat!.id])).json(),
    );
    await callApi(app, buyer, 'PUT', `/holds/${hold.id}/details`, { body: detailsBody() });
    const basket = basketResponseSchema.parse(
      (
        await callApi(app, buyer, 'PUT', `/holds/${hold.id}/basket`, {
          body: { ticketProtection: 'no' },
        })
      ).json(),
    ).basket;
    const paid = payResponseSchema.parse(
      (
        await callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
          body: {
            basketVersion: basket.version,
            cardToken: await cardToken(),
            browser: buyerBrowser,
          },
        })
      ).json(),
    );
    await collectDeviceData(paid.action!.url);
    const done = payResponseSchema.parse(
      (
        await callApi(
          app,
          buyer,
          'POST',
          `/orders/${paid.orderId}/payments/${paid.paymentId}/continue`,
        )
      ).json(),
    );
    expect(done.outcome).toBe('confirmed');

    const list = accountOrdersResponseSchema.parse(
      (await service(buyer, 'GET', '/services/account-management/orders')).json(),
    ).orders;
    expect(list).toEqual([
      expect.objectContaining({
        orderId: paid.orderId,
        reference: done.order!.number,
        venueSlug: 'lumen-theatre',
        showName: 'The Glass Orchard',
        ticketCount: 1,
        total: basket.total,
        status: 'confirmed',
      }),
    ]);
    const one = await service(buyer, 'GET', `/services/account-management/orders/${paid.orderId}`);
    expect(one.statusCode, one.body).toBe(200);
    const order = accountOrderResponseSchema.parse(one.json()).order;
    expect(order.tickets).toHaveLength(1);
    expect(order.tickets[0]!.code).toMatch(/^SD1\./);
    expect(order.accessKey).not.toBeNull();
    // The member's saving shows on the order as it did in the basket.
    expect(order.transactionFee).toBe(0);
    expect(order.charges.transactionFeeWaiver).toEqual({ amount: 295, scheme: 'atg-plus' });

    const other = await signedIn(DEMO.plain);
    const stranger = await service(
      other,
      'GET',
      `/services/account-management/orders/${paid.orderId}`,
    );
    expect(stranger.statusCode).toBe(404);
    const theirs = accountOrdersResponseSchema.parse(
      (await service(other, 'GET', '/services/account-management/orders')).json(),
    ).orders;
    expect(theirs.map((each) => each.orderId)).not.toContain(paid.orderId);
  });
});
