import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiErrorSchema } from '../../contract/api/common';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import * as passwordHash from '../../server/members/passwordHash';
import { DEFAULT_SCRYPT_COST } from '../../server/members/passwordHash';
import { newBuyer as newBuyerOf, newBuyerAddress, type Buyer } from './buyers';
import { makeAccount, postSignIn, signIn } from './signIn';
import { openSeededDatabase, venues } from './testDatabase';

/**
 * Failed sign-ins slowed, then refused, per account and per client address, with one answer
 * whether or not the email has an account (issue 14), on both databases. The limits are the
 * defaults scaled down so a test reaches them in a few tries.
 */

const PER_ACCOUNT = 4;
const PER_CLIENT = 7;
const SLOW_AFTER = 2;
const CLIENT_SLOW_AFTER = 5;
const SLOW_STEP_MS = 300;

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await openSeededDatabase();
  app = await buildApp({
    db,
    venues,
    logger: false,
    accounts: {
      signInThrottle: {
        perAccount: { max: PER_ACCOUNT, windowSeconds: 900 },
        perClient: { max: PER_CLIENT, windowSeconds: 900 },
        slowAfter: SLOW_AFTER,
        clientSlowAfter: CLIENT_SLOW_AFTER,
        slowStepMs: SLOW_STEP_MS,
      },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

/** A buyer from an address no other test uses. */
const newBuyer = () => newBuyerOf(app);

const WRONG = 'not the password at all';

interface Attempt {
  status: number;
  body: unknown;
  retryAfter: unknown;
  ms: number;
}

async function attempt(buyer: Buyer, email: string, password: string, address: string) {
  const started = performance.now();
  const response = await postSignIn(app, buyer, { email, password }, address);
  return {
    status: response.statusCode,
    body: response.json(),
    retryAfter: response.headers['retry-after'],
    ms: performance.now() - started,
  } satisfies Attempt;
}

/** The answers without their timings, to compare two runs. */
const answers = (attempts: Attempt[]) =>
  attempts.map(({ status, body, retryAfter }) => ({
    status,
    body,
    retryAfter: retryAfter === undefined ? undefined : 'set',
  }));

describe('failed sign-ins for one email', () => {
  it('are slowed, then refused for the window, the same for a known and an unknown email', async () => {
    const account = await makeAccount(db);
    const unknown = `nobody-${Date.now()}@example.com`;
    const runs: Attempt[][] = [];
    for (const email of [account.email, unknown]) {
      const buyer = await newBuyer();
      const run: Attempt[] = [];
      // Each try from a new address: this is the per-account count, not the per-address one.
      for (let i = 0; i < PER_ACCOUNT + 1; i += 1) {
        run.push(await attempt(buyer, email, WRONG, newBuyerAddress()));
      }
      runs.push(run);
    }
    const [known, stranger] = runs as [Attempt[], Attempt[]];

    const failed = { code: 'sign_in_failed', message: expect.any(String) as string };
    for (const run of runs) {
      expect(run.slice(0, PER_ACCOUNT).map((a) => a.status)).toEqual(Array(PER_ACCOUNT).fill(401));
      expect(run[0]!.body).toEqual(failed);
      expect(run[PER_ACCOUNT]!.status).toBe(429);
      expect(apiErrorSchema.parse(run[PER_ACCOUNT]!.body).code).toBe('sign_in_throttled');
      expect(Number(run[PER_ACCOUNT]!.retryAfter)).toBeGreaterThan(0);
      // Past SLOW_AFTER failures each try waits a step more before it is even checked.
      expect(run[SLOW_AFTER]!.ms).toBeGreaterThanOrEqual(SLOW_STEP_MS);
      expect(run[SLOW_AFTER + 1]!.ms).toBeGreaterThanOrEqual(2 * SLOW_STEP_MS);
    }
    // Word for word the same answers: nothing tells the stranger whether the account exists.
    expect(answers(stranger)).toEqual(answers(known));
  });

  it('refuse even the right password until the window ends', async () => {
    const account = await makeAccount(db);
    const buyer = await newBuyer();
    for (let i = 0; i < PER_ACCOUNT; i += 1) {
      await attempt(buyer, account.email, WRONG, newBuyerAddress());
    }
    const right = await attempt(
      buyer,
      account.email.toUpperCase(),
      account.password,
      newBuyerAddress(),
    );
    expect(right.status).toBe(429);

    // The window ends (moved back, as the clock would move on): the owner signs in.
    await db.query(
      `UPDATE rate_limit_hits SET window_start = window_start - interval '1 hour'
       WHERE bucket LIKE 'sign-in-account:%'`,
    );
    await signIn(app, buyer, account.email, account.password);
  });

  it("are forgotten once the owner signs in, so the owner's next slip is not slowed", async () => {
    const account = await makeAccount(db);
    const buyer = await newBuyer();
    for (let i = 0; i < SLOW_AFTER + 1; i += 1) {
      await attempt(buyer, account.email, WRONG, newBuyerAddress());
    }
    await signIn(app, buyer, account.email, account.password);
    // Without the reset this try would wait 2 steps.
    const slip = await attempt(await newBuyer(), account.email, WRONG, newBuyerAddress());
    expect(slip.status).toBe(401);
    expect(slip.ms).toBeLessThan(2 * SLOW_STEP_MS);
  });
});

describe('failed sign-ins from one address', () => {
  it('are slowed, then refused past the address limit whichever emails they try, while other addresses go on', async () => {
    const address = newBuyerAddress();
    const buyer = await newBuyer();
    const tries: Attempt[] = [];
    for (let i = 0; i < PER_CLIENT; i += 1) {
      // A different account each time: no one account reaches its own limit.
      const account = await makeAccount(db);
      tries.push(await attempt(buyer, account.email, WRONG, address));
    }
    expect(tries.map((a) => a.status)).toEqual(Array(PER_CLIENT).fill(401));
    // Past CLIENT_SLOW_AFTER failures from the address each try waits a step more.
    expect(tries[CLIENT_SLOW_AFTER]!.ms).toBeGreaterThanOrEqual(SLOW_STEP_MS);
    expect(tries[CLIENT_SLOW_AFTER + 1]!.ms).toBeGreaterThanOrEqual(2 * SLOW_STEP_MS);

    const member = await makeAccount(db);
    const refused = await attempt(buyer, member.email, member.password, address);
    expect(refused.status).toBe(429);
    expect(apiErrorSchema.parse(refused.body).code).toBe('sign_in_throttled');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const unknown = await attempt(buyer, `nobody-${Date.now()}@example.com`, WRONG, address);
    expect(answers([unknown])).toEqual(answers([refused]));

    const elsewhere = await attempt(
      await newBuyer(),
      member.email,
      member.password,
      newBuyerAddress(),
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('the work a refusal takes', () => {
  it('is one scrypt verification at the same cost for a known email with a wrong password and for an unknown email', async () => {
    // A real account's hash at the real cost: the unknown email's is the stand-in hash. Counted
    // rather than timed, so a loaded machine cannot fail it (one verification is ~0.1–0.5 s; a
    // missing one would answer an unknown email ten times faster and tell it apart).
    const account = await makeAccount(db, { cost: DEFAULT_SCRYPT_COST });
    const verify = vi.spyOn(passwordHash, 'verifyPassword');
    const costOf = (stored: string) => /^\$scrypt\$(ln=\d+,r=\d+,p=\d+)\$/.exec(stored)?.[1];
    const expectedCost = `ln=${DEFAULT_SCRYPT_COST.ln},r=${DEFAULT_SCRYPT_COST.r},p=${DEFAULT_SCRYPT_COST.p}`;
    try {
      for (const email of [account.email, `nobody-${Date.now()}@example.com`]) {
        verify.mockClear();
        const refused = await attempt(await newBuyer(), email, WRONG, newBuyerAddress());
        expect(refused.status).toBe(401);
        expect(verify).toHaveBeenCalledTimes(1);
        const [, stored] = verify.mock.calls[0]!;
        expect(costOf(stored), email).toBe(expectedCost);
        console.info(`sign-in refusal for ${email}: ${refused.ms.toFixed(0)} ms`);
      }
    } finally {
      verify.mockRestore();
    }
  });
});
