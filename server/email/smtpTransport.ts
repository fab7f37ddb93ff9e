import nodemailer from 'nodemailer';
import type { VenueSettings } from '../../contract/venue';
import type { SmtpSettings } from './smtpSettings';
import type { MailTransport, OutgoingEmail } from './transport';

/**
 * The built-in mail transport (issue 25): nodemailer's SMTP client, on when SMTP_URL is set.
 * Each email goes from its venue's address with its Reply-To (venue.json `email`), its outbox
 * row id as the Message-ID (so a retry after a lost answer is the same message to every
 * receiver), signed with DKIM when configured. One connection per send: the dispatcher sends a
 * small batch every few seconds, and a fresh connection never inherits a broken one's state.
 * Nothing here logs: the only record of a failure is the reason the dispatcher keeps on the row.
 */

interface Sender {
  from: { name: string; address: string };
  replyTo?: string;
  /** The right-hand side of the Message-ID: the sender's own domain. */
  domain: string;
}

export interface SmtpTransport extends MailTransport {
  close(): void;
}

function senderOf(venue: VenueSettings): Sender {
  if (!venue.email) {
    throw new Error(
      `venues/${venue.slug}/venue.json: email.from is needed to send emails (SMTP_URL is set)`,
    );
  }
  const { from, fromName, replyTo } = venue.email;
  return {
    from: { name: fromName ?? venue.name, address: from },
    ...(replyTo ? { replyTo } : {}),
    domain: from.slice(from.lastIndexOf('@') + 1),
  };
}

/** Refuses to start (throws) while any venue has no sender: its emails could never leave. */
export function createSmtpTransport(
  settings: SmtpSettings,
  venues: readonly VenueSettings[],
): SmtpTransport {
  const senders = new Map(venues.map((venue) => [venue.slug, senderOf(venue)]));
  const transporter = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.auth ? { auth: settings.auth } : {}),
    // smtp:// upgrades with STARTTLS whenever the server offers it (nodemailer's default) and
    // checks the certificate; a local relay that offers none is spoken to in plain text.
    ...(settings.ca ? { tls: { ca: settings.ca } } : {}),
    connectionTimeout: settings.timeouts.connectionMs,
    greetingTimeout: settings.timeouts.greetingMs,
    socketTimeout: settings.timeouts.socketMs,
    ...(settings.dkim ? { dkim: settings.dkim } : {}),
    // Emails are built from our own text only: no file or URL is ever read into one.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  });

  return {
    async send(email: OutgoingEmail): Promise<void> {
      const sender = email.venue === null ? undefined : senders.get(email.venue);
      if (!sender) {
        throw new Error(
          email.venue === null
            ? 'no venue to send it as: written before emails named their venue'
            : `no sender: venue ${email.venue} is not loaded`,
        );
      }
      await transporter.sendMail({
        from: sender.from,
        ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: `<${email.id}@${sender.domain}>`,
        attachments: email.attachments.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
        // RFC 3834: a receipt, not a person writing, so auto-responders do not answer it.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close() {
      transporter.close();
    },
  };
}
