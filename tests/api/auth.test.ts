import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGN_IN_IDLE_MINUTES,
  signInStateSchema,
  signOutResponseSchema,
} from '../../contract/api/auth';
import { apiErrorSchema } from '../../contract/api/common';
import { holdResponseSchema } from '../../contract/api/holds';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { hashToken } from '../../server/lib/tokenHash';
import { callApi, newBuyer as newBuyerOf, type Buyer } from './buyers';
import { cleanPerformance, seatsInRow, type PerformanceFixture } from './race/fixtures';
import { cookieOf, makeAccount, postSignIn, signIn } from './signIn';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Signing in, signing out and the sign-in's limits (issue 14), on both databases. The DB clock is
 * "moved" by rewriting a session's limits, never by waiting.
 */

const AUTH = '/services/auth';

let db: Database;
let app: FastifyInstance;
let theatre: PerformanceFixture;
let seats: string[];

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    // Throttling has its own file; here nothing a test does may be slowed or refused.
    accounts: {
      signInThrottle: {
        perAccount: { max: 1000, windowSeconds: 900 },
        perClient: { max: 1000, windowSeconds: 900 },
        slowAfter: 1000,
        clientSlowAfter: 1000,
        slowStepMs: 0,
      },
    },
  });
  theatre = await cleanPerformance(db, 'lumen-theatre', 'the-glass-orchard', 2);
  // Every third seat (1, 4, 7, …): held or given back in any mix, none breaks the single-seat rule.
  seats = (await seatsInRow(db, theatre.planId, 'STALLS', 'H'))
    .filter((seat) => seat.number % 3 === 1)
    .map((seat) => seat.id);
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

const newBuyer = () => newBuyerOf(app);
const codeOf = (response: { json(): unknown }) => apiErrorSchema.parse(response.json()).code;

function auth(buyer: Buyer, method: 'GET' | 'POST', path: string, payload?: object) {
  return app.inject({
    method,
    url: `${AUTH}${path}`,
    headers: { cookie: buyer.cookie, ...(method === 'POST' ? { 'x-csrf-token': buyer.csrf } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function stateOf(buyer: Buyer) {
  const response = await auth(buyer, 'GET', '/session');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return signInStateSchema.parse(response.json());
}

async function sessionRow(buyer: Buyer) {
  const token = buyer.cookie.split('=')[1]!;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [
    hashToken(token),
  ]);
  return rows[0]?.id;
}

let seatIndex = 0;
async function holdOne(buyer: Buyer) {
  const seat = seats[seatIndex++]!;
  const response = await callApi(app, buyer, 'POST', '/holds', {
    body: { performanceId: theatre.performanceId, seats: [seat] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { hold: holdResponseSchema.parse(response.json()).hold, seat };
}

const basketOf = (buyer: Buyer, holdId: string) =>
  callApi(app, buyer, 'GET', `/holds/${holdId}/basket`);

/** Moves the session's sign-in limits, as the clock would. */
async function setLimits(buyer: Buyer, idle: string, absolute: string) {
  const id = await sessionRow(buyer);
  await db.query(
    `UPDATE sessions SET signed_in_idle_until = now() + $2::interval,
       signed_in_until = now() + $3::interval WHERE id = $1`,
    [id, idle, absolute],
  );
}

const minutesAhead = (iso: string | null) => (new Date(iso!).getTime() - Date.now()) / 60_000;

describe('signing in', () => {
  it('keeps the basket on the same session under a new cookie, and the old cookie reads nothing', async () => {
    const account = await makeAccount(db);
    const before = await newBuyer();
    const { hold } = await holdOne(before);
    const rowBefore = await sessionRow(before);

    const after = await signIn(app, before, account.email, account.password);

    expect(after.cookie).not.toBe(before.cookie);
    expect(after.csrf).not.toBe(before.csrf);
    expect(after.state.account).toEqual({
      email: account.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(minutesAhead(after.state.idleExpiresAt)).toBeGreaterThan(SIGN_IN_IDLE_MINUTES - 2);
    expect(minutesAhead(after.state.absoluteExpiresAt)).toBeGreaterThan(11 * 60);
    // One session row, the basket and hold still its own.
    expect(await sessionRow(after)).toBe(rowBefore);
    expect((await basketOf(after, hold.id)).statusCode).toBe(200);
    expect((await stateOf(after)).account?.email).toBe(account.email);

    // A cookie copied before the sign-in (a stolen one) reads nothing at all.
    expect((await auth(before, 'GET', '/session')).statusCode).toBe(401);
    const stolenBasket = await basketOf(before, hold.id);
    expect(stolenBasket.statusCode).toBe(401);
    expect(codeOf(stolenBasket)).toBe('unauthorised');
    // Nor does its CSRF token pass with the new cookie.
    const mixed = await auth({ cookie: after.cookie, csrf: before.csrf }, 'POST', '/keep-alive');
    expect(codeOf(mixed)).toBe('csrf_failed');
  });

  it('answers a guest with no account and no limits, and refuses a keep-alive', async () => {
    const guest = await newBuyer();
    expect(await stateOf(guest)).toEqual({
      account: null,
      idleExpiresAt: null,
      absoluteExpiresAt: null,
    });
    const kept = await auth(guest, 'POST', '/keep-alive');
    expect(kept.statusCode).toBe(401);
    expect(codeOf(kept)).toBe('sign_in_required');
  });

  it('needs the session and its CSRF token to sign in', async () => {
    const account = await makeAccount(db);
    const buyer = await newBuyer();
    const noCsrf = await app.inject({
      method: 'POST',
      url: `${AUTH}/sign-in`,
      headers: { cookie: buyer.cookie },
      payload: { email: account.email, password: account.password, venue: 'lumen-theatre' },
    });
    expect(codeOf(noCsrf)).toBe('csrf_failed');
    const noSession = await app.inject({
      method: 'POST',
      url: `${AUTH}/sign-in`,
      payload: { email: account.email, password: account.password, venue: 'lumen-theatre' },
    });
    expect(codeOf(noSession)).toBe('unauthorised');
  });

  it('refuses an account whose activation link was never opened, as it refuses a wrong password', async () => {
    const pending = await makeAccount(db, { verified: false });
    const buyer = await newBuyer();
    const refused = await postSignIn(app, buyer, {
      email: pending.email,
      password: pending.password,
    });
    const wrong = await postSignIn(app, buyer, { email: pending.email, password: 'x'.repeat(14) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(wrong.json());
    expect(codeOf(refused)).toBe('sign_in_failed');
  });

  it('refuses sign-in at a venue with loginDisabled', async () => {
    const account = await makeAccount(db);
    const buyer = await newBuyer();
    const response = await postSignIn(app, buyer, {
      email: account.email,
      password: account.password,
      venue: 'bayou-discovery',
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe('forbidden');
    expect((await stateOf(buyer)).account).toBeNull();
  });
});

describe('signing out', () => {
  it('ends the signed-in session on the server, gives its seats back and hands out an anonymous one', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    const { hold, seat } = await holdOne(member);
    const rowBefore = await sessionRow(member);

    const response = await auth(member, 'POST', '/sign-out', { reason: 'user' });
    expect(response.statusCode, response.body).toBe(200);
    const anonymous = {
      cookie: cookieOf(response)!,
      csrf: signOutResponseSchema.parse(response.json()).csrfToken,
    };
    expect(anonymous.cookie).not.toBe(member.cookie);
    expect(await sessionRow(anonymous)).not.toBe(rowBefore);
    expect((await stateOf(anonymous)).account).toBeNull();
    // The member's cookie is dead, and the basket is not the new session's.
    expect((await auth(member, 'GET', '/session')).statusCode).toBe(401);
    expect((await basketOf(member, hold.id)).statusCode).toBe(401);
    expect((await basketOf(anonymous, hold.id)).statusCode).toBe(404);
    // The seat is free for the next buyer at once.
    const { rows } = await db.query(
      'SELECT 1 FROM seat_allocations WHERE performance_id = $1 AND seat_id = $2',
      [theatre.performanceId, seat],
    );
    expect(rows).toEqual([]);
  });

  it('after a timeout ends the sign-in only: the browser keeps its basket as a guest, under a new cookie', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    const { hold } = await holdOne(member);
    await setLimits(member, '-1 second', '11 hours');

    const response = await auth(member, 'POST', '/sign-out', { reason: 'timeout' });
    expect(response.statusCode, response.body).toBe(200);
    const guest = {
      cookie: cookieOf(response)!,
      csrf: signOutResponseSchema.parse(response.json()).csrfToken,
    };
    expect((await stateOf(guest)).account).toBeNull();
    expect((await basketOf(guest, hold.id)).statusCode).toBe(200);
    expect((await auth(member, 'GET', '/session')).statusCode).toBe(401);
  });
});

describe("the sign-in's limits", () => {
  it('ends after the idle limit: the session reads as a guest and cannot be kept alive', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    const { hold } = await holdOne(member);
    await setLimits(member, '-1 second', '11 hours');

    expect(await stateOf(member)).toEqual({
      account: null,
      idleExpiresAt: null,
      absoluteExpiresAt: null,
    });
    const kept = await auth(member, 'POST', '/keep-alive');
    expect(codeOf(kept)).toBe('sign_in_required');
    // Held seats follow the hold rules, not the sign-in.
    expect((await basketOf(member, hold.id)).statusCode).toBe(200);
  });

  it('ends at the absolute limit however active the buyer is', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    await setLimits(member, '20 minutes', '-1 second');
    expect((await stateOf(member)).account).toBeNull();
    expect(codeOf(await auth(member, 'POST', '/keep-alive'))).toBe('sign_in_required');
  });

  it('is moved on by keep-alive and by state-changing calls, never by reads', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    await setLimits(member, '5 minutes', '11 hours');

    expect(minutesAhead((await stateOf(member)).idleExpiresAt)).toBeLessThan(6);
    // Holding a seat is a write: the limit moves on.
    const { hold } = await holdOne(member);
    expect(minutesAhead((await stateOf(member)).idleExpiresAt)).toBeGreaterThan(
      SIGN_IN_IDLE_MINUTES - 2,
    );

    // Reads (the basket, the session) leave it where it is.
    await setLimits(member, '5 minutes', '11 hours');
    await basketOf(member, hold.id);
    await stateOf(member);
    expect(minutesAhead((await stateOf(member)).idleExpiresAt)).toBeLessThan(6);

    const kept = await auth(member, 'POST', '/keep-alive');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(minutesAhead(signInStateSchema.parse(kept.json()).idleExpiresAt)).toBeGreaterThan(
      SIGN_IN_IDLE_MINUTES - 2,
    );
  });

  it('tells the idle end as the absolute one when that comes first', async () => {
    const account = await makeAccount(db);
    const member = await signIn(app, await newBuyer(), account.email, account.password);
    await setLimits(member, '25 minutes', '3 minutes');
    const state = await stateOf(member);
    expect(state.idleExpiresAt).toBe(state.absoluteExpiresAt);
    expect(minutesAhead(state.idleExpiresAt)).toBeLessThan(4);
  });

  it('lets a late sign-in keep its whole term, past the anonymous session’s end', async () => {
    const account = await makeAccount(db);
    const buyer = await newBuyer();
    // An anonymous session with an hour left.
    await db.query(`UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE id = $1`, [
      await sessionRow(buyer),
    ]);
    const member = await signIn(app, buyer, account.email, account.password);
    const { rows } = await db.query<{ hours: number }>(
      `SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessions WHERE id = $1`,
      [await sessionRow(member)],
    );
    expect(Number(rows[0]!.hours)).toBeGreaterThan(11.9);
  });
});

describe('two browsers', () => {
  it('sign in to one account each on a session of its own', async () => {
    const account = await makeAccount(db);
    const one = await signIn(app, await newBuyer(), account.email, account.password);
    const two = await signIn(app, await newBuyer(), account.email, account.password);
    expect(await sessionRow(one)).not.toBe(await sessionRow(two));
    expect((await stateOf(one)).account?.email).toBe(account.email);
    expect((await stateOf(two)).account?.email).toBe(account.email);
  });
});
