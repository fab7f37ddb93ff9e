import type { Queryable } from '../db/database';
import { claimDueEmails, markEmailFailed, markEmailSent, type DueEmail } from './queries';
import type { EmailAttachment, MailTransport } from './transport';
import { retryDelayMs, type RetrySchedule } from '../../contract/retrySchedule';

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
const RETRY_SCHEDULE: RetrySchedule = { firstMs: 60_000, maxMs: 3_600_000 };

export function retryDelaySeconds(attempts: number): number {
  return retryDelayMs(RETRY_SCHEDULE, attempts) / 1000;
}

/** The transport's reason, short and on one line; never the message itself. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').slice(0, 500);
}

/**
 * The files an email carries, made when it is sent rather than stored with it (issue 25: an
 * order confirmation's calendar file and wallet passes, made by orders and handed in by the
 * app): the outbox row stays small, the payment's transaction makes none of them, and a copy
 * sent again (Find my tickets) carries them too.
 */
export type AttachmentSource = (
  email: Pick<DueEmail, 'kind' | 'orderId'>,
) => Promise<EmailAttachment[]>;

const noAttachments: AttachmentSource = () => Promise.resolve([]);

/** Sends what is due now; returns how many were sent and how many failed this time. */
export async function dispatchOutbox(
  db: Queryable,
  transport: MailTransport,
  attachmentsFor: AttachmentSource = noAttachments,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (const { attempts, kind, orderId, ...email } of await claimDueEmails(
    db,
    BATCH,
    LEASE_SECONDS,
    MAX_SEND_ATTEMPTS,
  )) {
    try {
      // A file that cannot be made fails the attempt like a refusal: retried, never sent bare.
      const attachments = await attachmentsFor({ kind, orderId });
      await transport.send({ ...email, attachments });
      await markEmailSent(db, email.id);
      sent += 1;
    } catch (error) {
      await markEmailFailed(db, email.id, reasonOf(error), retryDelaySeconds(attempts));
      failed += 1;
    }
  }
  return { sent, failed };
}
