/**
 * How emails leave the outbox. With SMTP_URL set the built-in SMTP transport sends them
 * (smtpTransport.ts); without it emails stay in the outbox, readable in the dev viewer. Another
 * way out (a provider's HTTP API) implements this interface and is passed to
 * `buildApp({ mailTransport })`; the dispatcher then delivers every unsent row, retrying
 * failures with a growing delay.
 */

export interface OutgoingEmail {
  /** The outbox row's id: the same on every retry, so use it as the Message-ID (or the
   * provider's idempotency key) and a retry after a lost answer is not delivered twice. */
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The venue the email is written as (its From and Reply-To); null for an email written
   * before emails named their venue (migration 0033). */
  venue: string | null;
  /** Files sent with it (issue 25: an order's calendar file and wallet passes). */
  attachments: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailTransport {
  /** Resolves once the mail server or provider has accepted the email; rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
}
