import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server in the test process (issue 25): smtp-server speaking STARTTLS, implicit TLS
 * or plain text, with AUTH PLAIN/LOGIN, recording every message it accepts as raw bytes and as
 * mailparser reads it. `behaviour` makes it refuse or hang the next messages, as a mail server
 * under trouble does.
 */

export interface Delivery {
  raw: Buffer;
  mail: ParsedMail;
  /** The session was TLS (STARTTLS or implicit) when the message came. */
  secure: boolean;
  user: string | undefined;
  envelopeFrom: string | false;
}

export type Behaviour = 'accept' | 'refuse-permanently' | 'refuse-for-now' | 'hang';

export interface MailServer {
  port: number;
  deliveries: Delivery[];
  behaviour: Behaviour;
  /** Accepted messages per Message-ID header. */
  countsByMessageId(): Map<string, number>;
  close(): Promise<void>;
}

export const MAIL_USER = 'stagedoor';
export const MAIL_PASSWORD = 'p@ss word/with:odd chars';

/** A throwaway self-signed certificate for 127.0.0.1 and localhost (selfsigned: no openssl binary needed). */
export async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const notAfterDate = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

export type MailServerMode =
  | { tls: 'starttls'; key: string; cert: string }
  | { tls: 'implicit'; key: string; cert: string }
  | { tls: 'none' };

/**
 * Starts a server on 127.0.0.1 (on `port`, or any free one); AUTH is required unless tls is none.
 * `onDelivery` hears of each message accepted (the browser journeys spool them to files).
 */
export async function startMailServer(
  mode: MailServerMode,
  port = 0,
  onDelivery?: (delivery: Delivery) => void,
): Promise<MailServer> {
  const deliveries: Delivery[] = [];
  const state: { behaviour: Behaviour } = { behaviour: 'accept' };
  const tlsOptions: SMTPServerOptions =
    mode.tls === 'none'
      ? // A local relay: no TLS offered, no login asked.
        { disabledCommands: ['STARTTLS', 'AUTH'], authOptional: true }
      : {
          secure: mode.tls === 'implicit',
          key: mode.key,
          cert: mode.cert,
          authMethods: ['PLAIN', 'LOGIN'],
          // Only over TLS: a login in plain text is refused, so a login proves the upgrade.
          allowInsecureAuth: false,
          onAuth(auth, _session, callback) {
            if (auth.username === MAIL_USER && auth.password === MAIL_PASSWORD) {
              callback(null, { user: auth.username });
            } else {
              callback(new Error('535 Authentication failed'));
            }
          },
        };
  const server = new SMTPServer({
    ...tlsOptions,
    logger: false,
    // Closing does not wait for a client we left hanging.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const behaviour = state.behaviour;
        if (behaviour === 'hang') return; // never answers: the client's timeout must end it
        if (behaviour === 'refuse-permanently') {
          callback(Object.assign(new Error('Message rejected by policy'), { responseCode: 554 }));
          return;
        }
        if (behaviour === 'refuse-for-now') {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        void simpleParser(raw).then((mail) => {
          const delivery: Delivery = {
            raw,
            mail,
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : undefined,
            envelopeFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          };
          deliveries.push(delivery);
          onDelivery?.(delivery);
          callback(null);
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    deliveries,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(next: Behaviour) {
      state.behaviour = next;
    },
    countsByMessageId() {
      const counts = new Map<string, number>();
      for (const { mail } of deliveries) {
        const id = mail.messageId ?? '';
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
