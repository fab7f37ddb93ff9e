import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import * as k from './queries/idempotency';
import { ApiError } from '../lib/errors';
import { inTransaction, rerunOnAbort } from '../db/transaction';

/**
 * Idempotency keys for every retryable state-changing call (design §3): holds, pay, later
 * vouchers. Keys are per session, in the `idempotency_keys` table of migration 0004; the request
 * hash includes the route, so one key reused for two different calls is refused (422).
 *
 * Two ways to run the work:
 * - `idempotent`: the work is database writes; they commit in one transaction with the stored
 *   answer, so a replay can never disagree with the database.
 * - `idempotentEffect`: the work reaches outside the database (a payment gateway) and must not
 *   hold a transaction open while it waits. It must pass the key on, so that the far side
 *   deduplicates a rerun (a crash between its effect and our stored answer frees the key after
 *   IN_FLIGHT_TIMEOUT_S, and the rerun gets the far side's first answer again).
 */

/** An answer as the client sees it; stored so a replay returns exactly the first one. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

export interface IdempotentRequest {
  sessionId: string;
  key: string;
  /** requestHash(route, payload) of what this key asks for. */
  hash: string;
}

/**
 * A key left in flight this long belongs to a request whose process died before answering;
 * its work was rolled back with it (or is deduplicated at the far side), so it may run again.
 * Work under a key must therefore finish well within it (the payment provider's time limit does).
 */
export const IN_FLIGHT_TIMEOUT_S = 60;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** Digest of what a request asks for: the same key must always ask for the same thing. */
export function requestHash(route: string, payload: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([route, canonical(payload)]))
    .digest('base64url');
}

/** The body an ApiError leaves as; `extra` carries fields like seatIds. */
export function errorResponse(error: ApiError): StoredResponse {
  const extra = (error as ApiError & { extra?: Record<string, unknown> }).extra ?? {};
  return {
    status: error.statusCode,
    body: {
      code: error.code,
      message: error.message,
      ...(error.fields && error.fields.length > 0 ? { fields: error.fields } : {}),
      ...extra,
    },
  };
}

/**
 * Keeps the answer while the key is still in flight; false when it is not: a run that took the
 * key over (after IN_FLIGHT_TIMEOUT_S) has answered, or freed it, and a stalled run must never
 * overwrite what the client was told.
 */
function store(
  db: Queryable,
  request: IdempotentRequest,
  response: StoredResponse,
): Promise<boolean> {
  return k.storeAnswer(db, request, response);
}

/** The answer kept under the key, if any. */
function storedAnswer(
  db: Queryable,
  request: IdempotentRequest,
): Promise<StoredResponse | undefined> {
  return k.keptAnswer(db, request);
}

/** Frees a key still in flight (never one that has its answer). */
async function release(db: Queryable, request: IdempotentRequest) {
  await k.releaseKey(db, request).catch(() => undefined);
}

/** Thrown inside `idempotent`'s transaction when another run answered first: roll this one back. */
class AnsweredElsewhere extends Error {}

/**
 * Claims the key in its own statement, so a duplicate arriving meanwhile sees it in flight.
 * Returns undefined when this request now owns the key, else the stored answer to replay;
 * throws 422 for a different request under the key and 409 while the first is still running.
 */
async function claim(
  db: Queryable,
  request: IdempotentRequest,
): Promise<StoredResponse | undefined> {
  const { hash } = request;
  if (await k.claimKey(db, request, hash, IN_FLIGHT_TIMEOUT_S)) return undefined;
  return replayOf(await k.findKey(db, request), hash);
}

/**
 * The answer to a request whose key someone else has claimed (`existing`, as it stands now):
 * its stored answer to replay; 422 for a different request under the key, 409 while the first
 * is still running.
 */
function replayOf(existing: k.KeyState | undefined, hash: string): StoredResponse {
  if (existing && existing.requestHash !== hash) {
    throw new ApiError(
      422,
      'idempotency_mismatch',
      'This idempotency key was used for a different request.',
    );
  }
  if (!existing || existing.state !== 'done' || existing.status === null) {
    throw new ApiError(409, 'idempotency_in_flight', 'This request is still being processed.');
  }
  return { status: existing.status, body: existing.body };
}

/** A 4xx is an answer like any other and is replayed; after anything else the key is freed. */
async function settleFailure(
  db: Queryable,
  request: IdempotentRequest,
  error: unknown,
): Promise<StoredResponse> {
  if (error instanceof ApiError && error.statusCode < 500) {
    const response = errorResponse(error);
    if (await store(db, request, response)) return response;
    return (await storedAnswer(db, request)) ?? response;
  }
  await release(db, request);
  throw error;
}

/** Runs database work once per (session, key); the work and its stored answer commit together. */
export async function idempotent(
  db: Database,
  request: IdempotentRequest,
  work: (tx: Queryable) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const replay = await claim(db, request);
  if (replay) return replay;
  try {
    return await inTransaction(db, async (tx) => {
      const response = await work(tx);
      if (!(await store(tx, request, response))) throw new AnsweredElsewhere();
      return response;
    });
  } catch (error) {
    if (error instanceof AnsweredElsewhere) {
      // This run stalled past the in-flight limit and another took the key over: its answer
      // (and its writes) stand, this run's are rolled back. Freed meanwhile: the client asks again.
      const answered = await storedAnswer(db, request);
      if (answered) return answered;
      throw new ApiError(
        503,
        'service_unavailable',
        'This request was interrupted; send it again.',
      );
    }
    return settleFailure(db, request, error);
  }
}

/**
 * What a statement that claims its key itself reports: the key was `taken` (its row as it stands,
 * if any: nothing ran), or it was claimed and the statement did `T`; or the statement `declined`
 * before claiming anything (it found a precondition no longer true; the caller decides what next).
 */
export type StatementClaim<T> =
  { taken: k.KeyState | undefined } | { claimed: T } | { declined: true };

/**
 * `idempotent` for work that is ONE statement claiming the key, writing and storing its answer
 * (issue 26: hold_seats_once), so the claim, the work and the answer take one round trip and one
 * commit rather than four and two. The statement either committed all it did or nothing (an
 * error rolls the claim back too, so it is simply run again after a deadlock). `finish` returns
 * the answer the statement stored, or throws: a 4xx is stored as the key's answer, as
 * `idempotent` stores it (the statement must then have written nothing but the claim); after
 * anything else the key is freed. Undefined when the statement declined (nothing was written).
 */
export async function idempotentStatement<T>(
  db: Database,
  request: IdempotentRequest,
  statement: () => Promise<StatementClaim<T>>,
  finish: (claimed: T) => Promise<StoredResponse>,
): Promise<StoredResponse | undefined> {
  const ran = await rerunOnAbort(statement);
  if ('declined' in ran) return undefined;
  if ('taken' in ran) return replayOf(ran.taken, request.hash);
  try {
    return await finish(ran.claimed);
  } catch (error) {
    return settleFailure(db, request, error);
  }
}

/**
 * Runs work with effects outside the database once per (session, key), with no transaction held
 * open while it runs. See the module comment for what the work must do with the key.
 */
export async function idempotentEffect(
  db: Database,
  request: IdempotentRequest,
  work: () => Promise<StoredResponse>,
): Promise<StoredResponse> {
  const replay = await claim(db, request);
  if (replay) return replay;
  let response: StoredResponse;
  try {
    response = await work();
  } catch (error) {
    return settleFailure(db, request, error);
  }
  if (await store(db, request, response)) return response;
  // A run that took the key over answered first: the client hears one answer, whichever it got.
  return (await storedAnswer(db, request)) ?? response;
}

/** A batch per sweep keeps each delete short however far behind the purge has fallen. */
const PURGE_BATCH = 1_000;

/**
 * Deletes keys older than a day. A key can only be replayed within its session, and sessions
 * last 8 hours, so an older answer can never be asked for again; without this the table would
 * grow by every hold, extension and payment ever made.
 */
export function purgeIdempotencyKeys(db: Queryable): Promise<number> {
  return k.purgeOldKeys(db, PURGE_BATCH);
}
