import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../contract/api/constants';
import type { Database, Queryable } from '../db/database';
import {
  idempotent,
  requestHash,
  type IdempotentRequest,
  type StoredResponse,
} from './idempotency';
import { sessionOf } from './buyerSession';

/** The request's Idempotency-Key (its shape already checked by idempotencyHeadersSchema). */
export const idempotencyKeyOf = (request: FastifyRequest): string =>
  String(request.headers[IDEMPOTENCY_HEADER]);

/** A stored answer (first or replayed), sent as it was first given. */
export const sendStored = (reply: FastifyReply, response: StoredResponse) =>
  reply.status(response.status).send(response.body);

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a state-changing call once per (buyer session, Idempotency-Key), in one transaction
     * with its stored answer; `route` and `payload` make the request hash a reused key must match.
     */
    onceForKey: (
      request: FastifyRequest,
      call: { route: string; payload: unknown },
      work: (tx: Queryable) => Promise<StoredResponse>,
    ) => Promise<StoredResponse>;
  }
}

/**
 * A PUT that replaces a part of a hold (its basket, its details) once per Idempotency-Key: the
 * hold id and body make the request hash, and `write`'s answer is stored and sent with 200.
 */
export async function putOnHold<Body extends object>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  call: { route: string; holdId: string; body: Body },
  write: (tx: Queryable, sessionId: string) => Promise<unknown>,
): Promise<FastifyReply> {
  const session = sessionOf(request);
  const payload = { holdId: call.holdId, ...call.body };
  const response = await app.onceForKey(request, { route: call.route, payload }, async (tx) => ({
    status: 200,
    body: await write(tx, session.id),
  }));
  return sendStored(reply, response);
}

/** The (buyer session, Idempotency-Key) a call runs once under, and the hash of what it asks. */
export function keyedRequest(
  request: FastifyRequest,
  call: { route: string; payload: unknown },
): IdempotentRequest {
  return {
    sessionId: sessionOf(request).id,
    key: idempotencyKeyOf(request),
    hash: requestHash(call.route, call.payload),
  };
}

/** Idempotency-Key handling for every route of the app (registered once, in app.ts). */
export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.decorate('onceForKey', (request, call, work) =>
    idempotent(db, keyedRequest(request, call), work),
  );
}
