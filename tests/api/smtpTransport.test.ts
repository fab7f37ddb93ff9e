import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { authenticate } from 'mailauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VenueSettings } from '../../contract/venue';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/database';
import { renderPasswordReset } from '../../server/email/accountEmails';
import { dispatchOutbox } from '../../server/email/dispatcher';
import { queueAccountEmail } from '../../server/email/outbox';
import {
  DEFAULT_SMTP_TIMEOUTS,
  parseSmtpUrl,
  type DkimSettings,
  type SmtpSettings,
} from '../../server/email/smtpSettings';
import { createSmtpTransport, type SmtpTransport } from '../../server/email/smtpTransport';
import {
  MAIL_PASSWORD,
  MAIL_USER,
  selfSignedCertificate,
  startMailServer,
  type MailServer,
} from './mailServer';
import { openMigratedDatabase, venues } from './testDatabase';

const venueSettings = venues.map((venue) => venue.settings);
const venue = (slug: string): VenueSettings =>
  venueSettings.find((settings) => settings.slug === slug)!;

let db: Database;
let certificate: { key: string; cert: string };
const servers: MailServer[] = [];
const transports: SmtpTransport[] = [];

beforeAll(async () => {
  db = await openMigratedDatabase();
  certificate = await selfSignedCertificate();
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await Promise.all(servers.map((server) => server.close()));
  await db?.close();
});
// Each test reads only what it queued.
beforeEach(async () => {
  await db.query('DELETE FROM email_outbox');
});

async function mailServer(...args: Parameters<typeof startMailServer>): Promise<MailServer> {
  const server = await startMailServer(...args);
  servers.push(server);
  return server;
}

/** The transport as SMTP_URL would configure it, trusting the test certificate. */
function transportFor(url: string, extra: Partial<SmtpSettings> = {}): SmtpTransport {
  const settings: SmtpSettings = {
    ...parseSmtpUrl(url),
    timeouts: DEFAULT_SMTP_TIMEOUTS,
    ca: certificate.cert,
    ...extra,
  };
  const transport = createSmtpTransport(settings, venueSettings);
  transports.push(transport);
  return transport;
}

const login = `${encodeURIComponent(MAIL_USER)}:${encodeURIComponent(MAIL_PASSWORD)}`;

/** Queues a password reset email as the venue writes it; returns the outbox row's id. */
async function queueReset(slug = 'lumen-theatre', to = 'ada@example.co.uk'): Promise<string> {
  const email = renderPasswordReset({
    venue: venue(slug),
    firstName: 'Ada',
    resetUrl: `https://shop.example/reset-password/new?token=abc&venue=${slug}`,
    minutes: 60,
  });
  await db.transaction((tx) => queueAccountEmail(tx, 'password_reset', to, email));
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM email_outbox ORDER BY created_at DESC LIMIT 1`,
  );
  return rows[0]!.id;
}

async function rowOf(id: string) {
  const { rows } = await db.query<{
    sentAt: Date | null;
    attempts: number;
    lastError: string | null;
  }>(
    `SELECT sent_at AS "sentAt", attempts, last_error AS "lastError" FROM email_outbox WHERE id = $1`,
    [id],
  );
  return rows[0]!;
}

/** Makes a failed row due again, as the backoff's wait would. */
const dueNow = (id: string) =>
  db.query('UPDATE email_outbox SET next_attempt_at = now() WHERE id = $1', [id]);

const messageIdOf = (id: string, domain = 'lumentheatre.example') => `<${id}@${domain}>`;

describe('the SMTP transport', () => {
  it('upgrades smtp:// with STARTTLS, logs in, and sends as the venue with the row id as Message-ID', async () => {
    const server = await mailServer({ tls: 'starttls', ...certificate });
    const transport = transportFor(`smtp://${login}@127.0.0.1:${server.port}`);
    const lumen = await queueReset('lumen-theatre');
    const hudson = await queueReset('hudson-stage', 'rip@example.com');

    expect(await dispatchOutbox(db, transport)).toEqual({ sent: 2, failed: 0 });
    expect(server.deliveries).toHaveLength(2);
    for (const delivery of server.deliveries) {
      expect(delivery.secure).toBe(true);
      expect(delivery.user).toBe(MAIL_USER);
    }
    const fromLumen = server.deliveries.find(
      (delivery) => delivery.mail.messageId === messageIdOf(lumen),
    )!;
    const { mail } = fromLumen;
    expect(mail.from?.value).toEqual([
      { address: 'tickets@lumentheatre.example', name: 'The Lumen Theatre' },
    ]);
    expect(mail.replyTo?.value).toEqual([{ address: 'boxoffice@lumentheatre.example', name: '' }]);
    expect(mail.to && 'value' in mail.to ? mail.to.value : []).toEqual([
      { address: 'ada@example.co.uk', name: '' },
    ]);
    expect(fromLumen.envelopeFrom).toBe('tickets@lumentheatre.example');
    expect(mail.subject).toBe('Reset your password for The Lumen Theatre');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    // Both parts, as the outbox has them.
    expect(mail.html).toContain('Reset your password');
    expect(mail.html).toContain(
      'href="https://shop.example/reset-password/new?token=abc&amp;venue=lumen-theatre"',
    );
    expect(mail.text).toContain(
      'Choose a new password:\nhttps://shop.example/reset-password/new?token=abc&venue=lumen-theatre',
    );
    expect(mail.attachments).toEqual([]);

    // Each venue sends from its own address.
    const fromHudson = server.deliveries.find(
      (delivery) => delivery.mail.messageId === messageIdOf(hudson, 'hudsonstage.example'),
    )!;
    expect(fromHudson.mail.from?.value).toEqual([
      { address: 'tickets@hudsonstage.example', name: 'The Hudson Stage' },
    ]);
    expect((await rowOf(lumen)).sentAt).not.toBeNull();
  });

  it('speaks TLS from the first byte for smtps://', async () => {
    const server = await mailServer({ tls: 'implicit', ...certificate });
    const id = await queueReset();
    await dispatchOutbox(db, transportFor(`smtps://${login}@127.0.0.1:${server.port}`));
    expect(server.deliveries.map((delivery) => [delivery.mail.messageId, delivery.secure])).toEqual(
      [[messageIdOf(id), true]],
    );
  });

  it('sends in plain text to a local relay that offers no TLS and asks no login', async () => {
    const server = await mailServer({ tls: 'none' });
    const id = await queueReset();
    await dispatchOutbox(db, transportFor(`smtp://127.0.0.1:${server.port}`));
    expect(server.deliveries.map((delivery) => [delivery.mail.messageId, delivery.secure])).toEqual(
      [[messageIdOf(id), false]],
    );
  });

  it('keeps the email with the reason when the login is wrong or the certificate is not trusted', async () => {
    const server = await mailServer({ tls: 'starttls', ...certificate });
    const id = await queueReset();
    await dispatchOutbox(db, transportFor(`smtp://${MAIL_USER}:wrong@127.0.0.1:${server.port}`));
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 1 });
    expect((await rowOf(id)).lastError).toMatch(/535|auth/i);

    await dueNow(id);
    // Without the test CA the self-signed certificate is refused: no silent downgrade.
    await dispatchOutbox(
      db,
      transportFor(`smtp://${login}@127.0.0.1:${server.port}`, { ca: undefined }),
    );
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 2 });
    expect((await rowOf(id)).lastError).toMatch(/certificate/i);
    expect(server.deliveries).toEqual([]);
  });

  it('signs with DKIM so that a receiver verifies it against the published key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dkim: DkimSettings = {
      domainName: 'lumentheatre.example',
      keySelector: 'mail2026',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const server = await mailServer({ tls: 'none' });
    const id = await queueReset();
    await dispatchOutbox(db, transportFor(`smtp://127.0.0.1:${server.port}`, { dkim }));
    const [delivery] = server.deliveries;
    expect(delivery!.mail.messageId).toBe(messageIdOf(id));

    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    const published = new Map([['mail2026._domainkey.lumentheatre.example', [[record]]]]);
    // A DNS that knows only the venue's DKIM key.
    const resolver = (name: string, type: string) => {
      const answer = type === 'TXT' ? published.get(name) : undefined;
      if (answer) return Promise.resolve(answer);
      return Promise.reject(Object.assign(new Error(`${name} not found`), { code: 'ENOTFOUND' }));
    };
    const verified = await authenticate(delivery!.raw, {
      resolver,
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: 'tickets@lumentheatre.example',
      disableArc: true,
      disableDmarc: true,
      disableBimi: true,
    });
    expect(verified.dkim.results).toHaveLength(1);
    expect(verified.dkim.results[0]).toMatchObject({
      signingDomain: 'lumentheatre.example',
      selector: 'mail2026',
      status: { result: 'pass' },
    });
    // The signature covers what a forger would change.
    const signature = /^DKIM-Signature:[\s\S]*?(?=\r\n\S)/m
      .exec(delivery!.raw.toString('latin1'))![0]
      .replace(/\r\n\s+/g, '');
    const signedFields = /\bh=([^;]+)/.exec(signature)![1]!.toLowerCase().split(':');
    expect(signedFields).toEqual(
      expect.arrayContaining(['from', 'reply-to', 'subject', 'date', 'message-id', 'to']),
    );

    // A message changed on the way no longer verifies.
    const tampered = Buffer.from(
      delivery!.raw
        .toString('latin1')
        .replace('Reset your password for', 'Reset your passw0rd for'),
      'latin1',
    );
    const failed = await authenticate(tampered, {
      resolver,
      ip: '127.0.0.1',
      helo: 'localhost',
      sender: 'tickets@lumentheatre.example',
      disableArc: true,
      disableDmarc: true,
      disableBimi: true,
    });
    expect(failed.dkim.results[0]?.status.result).not.toBe('pass');
  });
});

describe('the SMTP transport when the mail server has trouble', () => {
  // The greeting's wait ends well before the socket's, so a silent server fails on the greeting.
  const quick = { connectionMs: 1_000, greetingMs: 700, socketMs: 1_500 };

  it('keeps a refused email (5xx and 4xx) and delivers it once when the server accepts again', async () => {
    const server = await mailServer({ tls: 'none' });
    const transport = transportFor(`smtp://127.0.0.1:${server.port}`);
    const id = await queueReset();

    server.behaviour = 'refuse-permanently';
    expect(await dispatchOutbox(db, transport)).toEqual({ sent: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 1 });
    expect((await rowOf(id)).lastError).toMatch(/554/);

    // Not tried again before its backoff.
    expect(await dispatchOutbox(db, transport)).toEqual({ sent: 0, failed: 0 });

    await dueNow(id);
    server.behaviour = 'refuse-for-now';
    await dispatchOutbox(db, transport);
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 2 });
    expect((await rowOf(id)).lastError).toMatch(/451/);

    await dueNow(id);
    server.behaviour = 'accept';
    expect(await dispatchOutbox(db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(await rowOf(id)).toMatchObject({ attempts: 3, lastError: null });
    expect(server.countsByMessageId()).toEqual(new Map([[messageIdOf(id), 1]]));
  });

  it('gives up on a server that hangs, within its timeouts, and delivers once when it answers again', async () => {
    // A server that takes the connection and never greets.
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const id = await queueReset();
    try {
      const started = Date.now();
      await dispatchOutbox(db, transportFor(`smtp://127.0.0.1:${silentPort}`, { timeouts: quick }));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 1 });
      expect((await rowOf(id)).lastError).toMatch(/greeting/i);
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }

    // A server that takes the whole message and then never answers: not accepted, so not sent.
    const server = await mailServer({ tls: 'none' });
    const transport = transportFor(`smtp://127.0.0.1:${server.port}`, { timeouts: quick });
    server.behaviour = 'hang';
    await dueNow(id);
    const started = Date.now();
    await dispatchOutbox(db, transport);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 2 });
    expect((await rowOf(id)).lastError).toMatch(/timeout|timed out/i);

    server.behaviour = 'accept';
    await dueNow(id);
    await dispatchOutbox(db, transport);
    expect((await rowOf(id)).sentAt).not.toBeNull();
    expect(server.countsByMessageId()).toEqual(new Map([[messageIdOf(id), 1]]));
  });

  it('loses nothing while the server is down, and sends nothing twice after a restart', async () => {
    // A port nobody listens on yet.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));

    const ids = [await queueReset(), await queueReset('northern-playhouse', 'bo@example.co.uk')];
    const before = transportFor(`smtp://127.0.0.1:${port}`, { timeouts: quick });
    expect(await dispatchOutbox(db, before)).toEqual({ sent: 0, failed: 2 });
    for (const id of ids) {
      expect(await rowOf(id)).toMatchObject({ sentAt: null, attempts: 1 });
      expect((await rowOf(id)).lastError).toMatch(/ECONNREFUSED/);
    }

    // The server comes back on its address; the backoff's wait is over.
    const server = await mailServer({ tls: 'none' }, port);
    for (const id of ids) await dueNow(id);
    expect(await dispatchOutbox(db, before)).toEqual({ sent: 2, failed: 0 });

    // A restarted process (a new transport on the same outbox) finds nothing left to send.
    const after = transportFor(`smtp://127.0.0.1:${port}`, { timeouts: quick });
    expect(await dispatchOutbox(db, after)).toEqual({ sent: 0, failed: 0 });
    expect(server.countsByMessageId()).toEqual(
      new Map([
        [messageIdOf(ids[0]!), 1],
        [messageIdOf(ids[1]!, 'northernplayhouse.example'), 1],
      ]),
    );
  });

  it('keeps an email that names no venue with the reason, and sends the rest', async () => {
    const server = await mailServer({ tls: 'none' });
    const orphan = await queueReset();
    // As a row written before emails named their venue (migration 0033).
    await db.query('UPDATE email_outbox SET venue_slug = NULL WHERE id = $1', [orphan]);
    const id = await queueReset();
    await dispatchOutbox(db, transportFor(`smtp://127.0.0.1:${server.port}`));
    expect((await rowOf(orphan)).lastError).toBe(
      'no venue to send it as: written before emails named their venue',
    );
    expect(server.countsByMessageId()).toEqual(new Map([[messageIdOf(id), 1]]));
  });
});

describe('turning SMTP on', () => {
  it('refuses to start while a venue has no sender', async () => {
    const config = loadConfig({ ...process.env, SMTP_URL: 'smtp://127.0.0.1:2525' });
    const [first, ...rest] = venues;
    await expect(
      buildApp({
        db,
        venues: [{ ...first!, settings: { ...first!.settings, email: undefined } }, ...rest],
        config,
        logger: false,
      }),
    ).rejects.toThrow(
      `venues/${first!.settings.slug}/venue.json: email.from is needed to send emails (SMTP_URL is set)`,
    );
  });
});
