import type { Queryable } from '../db/database';
import { MAX_SEND_ATTEMPTS } from './dispatcher';
import { outboxBacklog as readBacklog, type OutboxBacklog } from './queries';

export type { OutboxBacklog };

/** The outbox's backlog for the operator's metrics: rows past MAX_SEND_ATTEMPTS are given up. */
export function outboxBacklog(db: Queryable): Promise<OutboxBacklog> {
  return readBacklog(db, MAX_SEND_ATTEMPTS);
}
