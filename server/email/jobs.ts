import type { Queryable } from '../db/database';
import type { PeriodicJob } from '../http/periodicJob';
import { DISPATCH_INTERVAL_MS, dispatchOutbox, type AttachmentSource } from './dispatcher';
import type { MailTransport } from './transport';

/** Sends the outbox every `intervalMs` while the app is up (the app adds it with a transport). */
export function emailJobs(
  db: Queryable,
  transport: MailTransport,
  attachmentsFor?: AttachmentSource,
  intervalMs = DISPATCH_INTERVAL_MS,
): PeriodicJob[] {
  return [
    {
      intervalMs,
      failure: 'email dispatch failed',
      run: () => dispatchOutbox(db, transport, attachmentsFor),
    },
  ];
}
