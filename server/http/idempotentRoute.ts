import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../contract/api/constants';
import type { Database, Queryable } from '../db/database';
import { idempotent, requestHash, type StoredResponse } from '../domain/idempotency';

/** The request's Idempotency-Key (its shape already checked by idempotencyHeadersSchema). */
export const idempotencyKeyOf = (request: FastifyRequest): string =>
  String(request.headers[IDEMPOTENCY_HEADER]);

/** A stored answer (first or replayed), sent as it was first given. */
export const sendStored = (reply: FastifyReply, response: StoredResponse) =>
  reply.status(response.status).send(response.body);

/**
 * Runs a state-changing call once per (session, Idempotency-Key), in one transaction with its
 * stored answer; `route` and `payload` make the request hash a reused key must match.
 */
export function onceForKey(
  db: Database,
  request: FastifyRequest,
  sessionId: string,
  call: { route: string; payload: unknown },
  work: (tx: Queryable) => Promise<StoredResponse>,
): Promise<StoredResponse> {
  return idempotent(
    db,
    {
      sessionId,
      key: idempotencyKeyOf(request),
      hash: requestHash(call.route, call.payload),
    },
    work,
  );
}
