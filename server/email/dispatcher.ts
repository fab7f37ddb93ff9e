import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { runPeriodically } from '../http/periodicJob';
import type { MailTransport, OutgoingEmail } from './transport';

/**
 * Sends the outbox's unsent emails through a MailTransport. Any instance may run it: a row is
 * claimed by moving its next attempt ahead (a lease, taken with SKIP LOCKED), so two instances
 * never send one email at once, and a crash mid-send leaves it to be retried after the lease.
 * Delivery is therefore at least once; transports dedupe by the row id.
 */

/** After this many failed attempts a row stays unsent (its last_error says why) for an operator. */
export const MAX_SEND_ATTEMPTS = 8;
/** Longer than any transport should take; a row claimed this long ago is tried again. */
const LEASE_SECONDS = 120;
const BATCH = 20;
export const DISPATCH_INTERVAL_MS = 15_000;

/** 1, 2, 4 … minutes after each failure, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3600);
}

async function claimDue(db: Queryable): Promise<(OutgoingEmail & { attempts: number })[]> {
  const { rows } = await db.query<OutgoingEmail & { attempts: number }>(
    `UPDATE email_outbox SET attempts = attempts + 1,
       next_attempt_at = now() + make_interval(secs => $2::int)
     WHERE id IN (
       SELECT id FROM email_outbox
       WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $3
       ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id::text AS id, recipient AS "to", subject, html, text, attempts`,
    [BATCH, LEASE_SECONDS, MAX_SEND_ATTEMPTS],
  );
  return rows;
}

/** The transport's reason, short and on one line; never the message itself. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

/** Sends what is due now; returns how many were sent and how many failed this time. */
export async function dispatchOutbox(
  db: Queryable,
  transport: MailTransport,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const { attempts, ...email } of await claimDue(db)) {
    try {
      await transport.send(email);
      await db.query('UPDATE email_outbox SET sent_at = now(), last_error = NULL WHERE id = $1', [
        email.id,
      ]);
      sent += 1;
    } catch (error) {
      await db.query(
        `UPDATE email_outbox SET last_error = $2,
           next_attempt_at = now() + make_interval(secs => $3::int) WHERE id = $1`,
        [email.id, reasonOf(error), retryDelaySeconds(attempts)],
      );
      failed += 1;
    }
  }
  return { sent, failed };
}

/** Runs the dispatcher every `intervalMs` while the app is up (only with a transport). */
export function registerOutboxDispatcher(
  app: FastifyInstance,
  db: Queryable,
  transport: MailTransport,
  intervalMs = DISPATCH_INTERVAL_MS,
): void {
  runPeriodically(app, intervalMs, 'email dispatch failed', () => dispatchOutbox(db, transport));
}
