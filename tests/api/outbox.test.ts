import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../contract/api/orders';
import type { VenueSettings } from '../../contract/venue';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { MAX_SEND_ATTEMPTS, dispatchOutbox } from '../../server/email/dispatcher';
import { queueOrderConfirmation } from '../../server/email/outbox';
import type { MailTransport, OutgoingEmail } from '../../server/email/transport';
import { migrate } from '../../server/db/migrate';
import { openMigratedDatabase, openTestDatabasePair, venues } from './testDatabase';

let db: Database;
let app: FastifyInstance;

const lumen = (): VenueSettings =>
  venues.find((venue) => venue.settings.slug === 'lumen-theatre')!.settings;

beforeAll(async () => {
  db = await openMigratedDatabase();
  app = await buildApp({ db, venues, logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

function confirmedOrder(firstName = 'Ada'): OrderView {
  return {
    id: randomUUID().toUpperCase(),
    number: 'SD-7K3QF9XM',
    status: 'confirmed',
    customer: { firstName, lastName: 'Lovelace', email: 'ada@example.co.uk' },
    show: {
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      venueSlug: 'lumen-theatre',
      performanceId: randomUUID().toUpperCase(),
      startsAt: '2026-08-01T18:30:00.000Z',
      timezone: 'Europe/London',
    },
    delivery: { method: 'eTicket', address: null },
    tickets: [
      {
        id: randomUUID().toUpperCase(),
        kind: 'seat',
        section: 'Stalls',
        row: 'F',
        number: 12,
        area: null,
        priceOptionName: 'Band A',
        code: 'signed',
      },
    ],
    extras: [],
    ticketProtection: false,
    transactionFee: 295,
    charges: { tickets: 8750, ticketProtection: 0, delivery: 0, transactionFeeWaiver: null },
    total: 9045,
    currency: 'GBP',
    paidWith: [{ method: 'card', amount: 17795, brand: 'visa', last4: '1111' }],
    confirmedAt: new Date().toISOString(),
    accessKey: null,
  };
}

const ctx = () => ({
  orderUrl: 'https://shop.example/checkout/confirmation?order=1',
  venue: lumen(),
});

async function outboxRows(orderId: string) {
  const { rows } = await db.query<{
    id: string;
    recipient: string;
    subject: string;
    sentAt: Date | null;
    attempts: number;
    lastError: string | null;
    due: boolean;
  }>(
    `SELECT id::text AS id, recipient, subject, sent_at AS "sentAt", attempts,
            last_error AS "lastError", next_attempt_at <= now() AS due
     FROM email_outbox WHERE order_id = $1`,
    [orderId],
  );
  return rows;
}

interface ListedEmail {
  id: string;
  orderId: string | null;
  recipient: string;
  subject: string;
}

describe('the email outbox', () => {
  it('holds one confirmation per order, written with the order’s transaction', async () => {
    const order = confirmedOrder();
    await db.transaction(async (tx) => {
      await queueOrderConfirmation(tx, order, ctx());
      // Confirming again (a replay, a late payment's second answer) queues nothing more.
      await queueOrderConfirmation(tx, order, ctx());
    });
    const rows = await outboxRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      recipient: 'ada@example.co.uk',
      subject: 'Your order SD-7K3QF9XM is confirmed: The Glass Orchard',
      sentAt: null,
      attempts: 0,
    });

    const rolledBack = confirmedOrder();
    await expect(
      db.transaction(async (tx) => {
        await queueOrderConfirmation(tx, rolledBack, ctx());
        throw new Error('the sale failed after all');
      }),
    ).rejects.toThrow('the sale failed');
    expect(await outboxRows(rolledBack.id)).toEqual([]);
  });

  it('refuses to announce an order that is not confirmed', async () => {
    const pending = { ...confirmedOrder(), status: 'pending' as const };
    await expect(
      db.transaction((tx) => queueOrderConfirmation(tx, pending, ctx())),
    ).rejects.toThrow(/confirmed/);
    expect(await outboxRows(pending.id)).toEqual([]);
  });

  it('shows in the dev viewer, newest first, as HTML and as text', async () => {
    const older = confirmedOrder('Older');
    const newer = confirmedOrder('<b>Newer</b>');
    await db.transaction((tx) => queueOrderConfirmation(tx, older, ctx()));
    await db.query(
      `UPDATE email_outbox SET created_at = now() - interval '1 minute' WHERE order_id = $1`,
      [older.id],
    );
    await db.transaction((tx) => queueOrderConfirmation(tx, newer, ctx()));

    const viewer = app.outboxViewerPath!;
    const page = await app.inject({ method: 'GET', url: viewer });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Email outbox');
    expect(page.body).toContain('ada@example.co.uk');

    const listed = await app.inject({ method: 'GET', url: `${viewer}?format=json` });
    const emails = listed.json<ListedEmail[]>();
    const mine = emails.filter((email) =>
      [older.id, newer.id].includes(email.orderId!.toUpperCase()),
    );
    expect(mine.map((email) => email.orderId!.toUpperCase())).toEqual([newer.id, older.id]);

    // The list links to each email under the same secret address.
    expect(page.body).toContain(`href="${viewer}/${mine[0]!.id}"`);
    const html = await app.inject({ method: 'GET', url: `${viewer}/${mine[0]!.id}` });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    // The viewer page runs no script whatever an email contains.
    expect(html.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(html.body).toContain('Dear &lt;b&gt;Newer&lt;/b&gt;,');

    const text = await app.inject({
      method: 'GET',
      url: `${viewer}/${mine[0]!.id}?format=text`,
    });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('Dear <b>Newer</b>,');
    expect(text.body).toContain('Order number: SD-7K3QF9XM');

    const missing = await app.inject({ method: 'GET', url: `${viewer}/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    const malformed = await app.inject({ method: 'GET', url: `${viewer}/not-an-id` });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers only its secret address on this machine: anything else is an unknown path', async () => {
    const viewer = app.outboxViewerPath!;
    expect(viewer).toMatch(/^\/services\/outbox\/[\w-]{32}$/);
    const get = (url: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, remoteAddress, headers });
    // What any path that does not exist answers, so nobody learns the viewer is there.
    const unknown = await get('/services/no-such-thing');
    const hidden = (response: Awaited<ReturnType<typeof get>>) => [
      response.statusCode,
      response.body,
    ];
    expect(unknown.statusCode).toBe(404);

    for (const loopback of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await get(`${viewer}?format=json`, loopback)).statusCode, loopback).toBe(200);
    }
    // A same-host proxy (nginx's default adds no X-Forwarded-For) passes strangers' requests
    // on from a loopback socket: without the secret, or with a wrong one, there is nothing here.
    const wrong = `/services/outbox/${'x'.repeat(32)}`;
    for (const url of [
      '/services/outbox',
      '/services/outbox?format=json',
      `/services/outbox/${randomUUID()}`,
      wrong,
      `${wrong}?format=json`,
      `${wrong}/${randomUUID()}`,
      `${viewer.slice(0, -1)}?format=json`,
      `${viewer}x?format=json`,
    ]) {
      expect(hidden(await get(url)), url).toEqual(hidden(unknown));
    }
    for (const other of ['192.168.1.20', '203.0.113.7', '::ffff:10.0.0.5', '2001:db8::1']) {
      expect(hidden(await get(`${viewer}?format=json`, other)), other).toEqual(hidden(unknown));
      expect((await get(`${viewer}/${randomUUID()}`, other)).statusCode, other).toBe(404);
    }
    // A proxy on this machine that does say whom it passes on: not this machine's request.
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
    ];
    for (const forwarded of proxied) {
      expect((await get(`${viewer}?format=json`, '127.0.0.1', forwarded)).statusCode).toBe(404);
    }
  });

  it('has a new secret every start', async () => {
    const other = await buildApp({ db, venues, logger: false });
    try {
      expect(other.outboxViewerPath).not.toBe(app.outboxViewerPath);
      const stale = await other.inject({
        method: 'GET',
        url: `${app.outboxViewerPath!}?format=json`,
      });
      expect(stale.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('is off in production and behind a trusted proxy unless asked for, and anywhere when turned off', async () => {
    const withEnv = async (
      env: Record<string, string | undefined>,
      remoteAddress = '127.0.0.1',
    ) => {
      const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
      const restore = (values: Record<string, string | undefined>) => {
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      };
      restore(env);
      const built = await buildApp({ db, venues, logger: false });
      try {
        if (!built.outboxViewerPath) return 'off';
        const page = await built.inject({
          method: 'GET',
          url: `${built.outboxViewerPath}?format=json`,
          remoteAddress,
        });
        return page.statusCode;
      } finally {
        await built.close();
        restore(before);
      }
    };
    expect(await withEnv({ NODE_ENV: 'production', OUTBOX_VIEWER: undefined })).toBe('off');
    expect(await withEnv({ OUTBOX_VIEWER: '0' })).toBe('off');
    expect(await withEnv({ NODE_ENV: 'production', OUTBOX_VIEWER: '0' })).toBe('off');
    // A trusted proxy means a deployed shop, whatever NODE_ENV says.
    expect(await withEnv({ TRUST_PROXY: '127.0.0.1', OUTBOX_VIEWER: undefined })).toBe('off');
    expect(await withEnv({ TRUST_PROXY: '127.0.0.1', OUTBOX_VIEWER: '0' })).toBe('off');
    // An operator may turn it on, still for this machine only and at its secret address.
    expect(await withEnv({ NODE_ENV: 'production', OUTBOX_VIEWER: '1' })).toBe(200);
    expect(await withEnv({ TRUST_PROXY: '127.0.0.1', OUTBOX_VIEWER: '1' })).toBe(200);
    expect(await withEnv({ NODE_ENV: 'production', OUTBOX_VIEWER: '1' }, '198.51.100.4')).toBe(404);
  });
});

describe('the outbox dispatcher', () => {
  /** A transport that records what it is asked to send, or refuses every email. */
  function recordingTransport(refuse = false): MailTransport & { sent: OutgoingEmail[] } {
    const sent: OutgoingEmail[] = [];
    return {
      sent,
      send(email) {
        if (refuse) return Promise.reject(new Error('421 mail server busy\r\ntry later'));
        sent.push(email);
        return Promise.resolve();
      },
    };
  }

  it('sends each unsent email once and marks it sent', async () => {
    const order = confirmedOrder();
    await db.transaction((tx) => queueOrderConfirmation(tx, order, ctx()));
    const transport = recordingTransport();
    await dispatchOutbox(db, transport);
    const mine = transport.sent.filter((email) => email.to === 'ada@example.co.uk');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    const [row] = await outboxRows(order.id);
    expect(row!.sentAt).not.toBeNull();
    const email = transport.sent.find((sent) => sent.id === row!.id)!;
    expect(email.subject).toBe('Your order SD-7K3QF9XM is confirmed: The Glass Orchard');
    expect(email.html).toContain('<!DOCTYPE html>');
    expect(email.text).toContain('SD-7K3QF9XM');

    // Nothing is sent twice.
    const again = recordingTransport();
    await dispatchOutbox(db, again);
    expect(again.sent.map((sent) => sent.id)).not.toContain(row!.id);
  });

  it('keeps a refused email for a later attempt, with the reason, and gives up after a limit', async () => {
    const order = confirmedOrder();
    await db.transaction((tx) => queueOrderConfirmation(tx, order, ctx()));
    const result = await dispatchOutbox(db, recordingTransport(true));
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [failed] = await outboxRows(order.id);
    expect(failed).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: '421 mail server busy try later',
      due: false,
    });

    // Not due again yet: a second run leaves it alone.
    const soon = recordingTransport();
    await dispatchOutbox(db, soon);
    expect(soon.sent.map((sent) => sent.id)).not.toContain(failed!.id);

    // Once due it goes; after the last attempt it stays unsent for an operator.
    await db.query(`UPDATE email_outbox SET next_attempt_at = now() WHERE id = $1`, [failed!.id]);
    const later = recordingTransport();
    await dispatchOutbox(db, later);
    expect(later.sent.map((sent) => sent.id)).toContain(failed!.id);

    const stuck = confirmedOrder();
    await db.transaction((tx) => queueOrderConfirmation(tx, stuck, ctx()));
    await db.query(`UPDATE email_outbox SET attempts = $2 WHERE order_id = $1`, [
      stuck.id,
      MAX_SEND_ATTEMPTS,
    ]);
    const never = recordingTransport();
    await dispatchOutbox(db, never);
    const [given] = await outboxRows(stuck.id);
    expect(never.sent.map((sent) => sent.id)).not.toContain(given!.id);
    expect(given!.sentAt).toBeNull();
  });

  it('sends each email once when two instances dispatch at the same time', async () => {
    const [first, second] = await openTestDatabasePair();
    try {
      await migrate(first);
      const orders = Array.from({ length: 30 }, () => confirmedOrder());
      await first.transaction(async (tx) => {
        for (const order of orders) await queueOrderConfirmation(tx, order, ctx());
      });
      const a = recordingTransport();
      const b = recordingTransport();
      // Each run takes a batch; keep both going until the outbox is empty.
      for (;;) {
        const [ra, rb] = await Promise.all([dispatchOutbox(first, a), dispatchOutbox(second, b)]);
        if (ra.sent + rb.sent === 0) break;
      }
      const sent = [...a.sent, ...b.sent].map((email) => email.id);
      expect(sent).toHaveLength(30);
      expect(new Set(sent).size).toBe(30);
    } finally {
      await Promise.all([...new Set([first, second])].map((handle) => handle.close()));
    }
  });
});
