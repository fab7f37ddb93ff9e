/**
 * How emails leave the outbox. No mail transport ships with Stagedoor (it would need an SMTP
 * client or a provider's SDK and credentials): by default emails stay in the outbox, readable in
 * the dev viewer. To send them, implement this interface (for example around nodemailer's SMTP
 * transport or a provider's HTTP API) and pass it to `buildApp({ mailTransport })`; the
 * dispatcher then delivers every unsent row, retrying failures with a growing delay.
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
}

export interface MailTransport {
  /** Resolves once the mail server or provider has accepted the email; rejects otherwise. */
  send(email: OutgoingEmail): Promise<void>;
}
