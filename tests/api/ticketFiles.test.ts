/**
 * Issue 25, tickets people keep: an order's calendar file and each eTicket's Apple Wallet pass,
 * downloaded by whoever may read the order and attached to the confirmation email.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Basket } from '../../contract/api/basket';
import {
  orderResponseSchema,
  verifyTicketResponseSchema,
  type OrderView,
} from '../../contract/api/orders';
import { queueConfirmationCopy } from '../../server/email';
import { dispatchOutbox } from '../../server/email/dispatcher';
import { parseSmtpUrl, DEFAULT_SMTP_TIMEOUTS } from '../../server/email/smtpSettings';
import { createSmtpTransport } from '../../server/email/smtpTransport';
import { ServerKeys } from '../../server/lib/serverKeys';
import { confirmationAttachments, walletCertificates } from '../../server/orders';
import { DEMO_WALLET_KEY_NAME } from '../../server/orders/ticketFiles/walletCertificates';
import type { WalletCertificates } from '../../server/orders/ticketFiles/walletSettings';
import { callApi, type Buyer } from './buyers';
import { startMailServer } from './mailServer';
import {
  app,
  basketOf,
  buy,
  codeOf,
  collectDeviceData,
  continuePay,
  db,
  gig,
  holdOf,
  newBuyer,
  pay,
  readyToPay,
  row,
  saveDetails,
  startOrdersApp,
  tokenFor,
} from './orderFixtures';
import { cleanLinkedPair, seatsInRow } from './race/fixtures';
import { venues } from './testDatabase';
import {
  calendarEvents,
  fileHashes,
  openPass,
  utcInstant,
  verifySignature,
} from './ticketFileReaders';

startOrdersApp();

const download = (buyer: Buyer | undefined, path: string, region = 'uk') =>
  callApi(app, buyer, 'GET', path, { region });

/** The performance's start as the venue's clock reads it, worked out by the database. */
async function localStart(performanceId: string, timeZone: string): Promise<string> {
  const { rows } = await db.query<{ local: string }>(
    `SELECT to_char(starts_at AT TIME ZONE $2, 'YYYY-MM-DD HH24:MI') AS local
     FROM performances WHERE id = $1`,
    [performanceId, timeZone],
  );
  return rows[0]!.local;
}

const onClock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);

async function runningMinutes(performanceId: string): Promise<number> {
  const { rows } = await db.query<{ minutes: number }>(
    `SELECT sh.running_time_minutes AS minutes
     FROM performances p JOIN shows sh ON sh.id = p.show_id WHERE p.id = $1`,
    [performanceId],
  );
  return rows[0]!.minutes;
}

async function demoCertificates(): Promise<WalletCertificates> {
  const { rows } = await db.query<{ material: string }>(
    'SELECT material FROM server_keys WHERE name = $1',
    [DEMO_WALLET_KEY_NAME],
  );
  return JSON.parse(rows[0]!.material) as WalletCertificates;
}

let owner: Buyer;
let theatreOrder: OrderView;

beforeAll(async () => {
  owner = await newBuyer();
  const seats = await row('STALLS', 'M');
  const { hold, basket } = await readyToPay(owner, [seats[0]!, seats[1]!]);
  theatreOrder = (await buy(owner, hold.id, basket)).order!;
});

describe('the calendar file', () => {
  it('is the performance at the venue: its local start, running time, address and title', async () => {
    const order = theatreOrder;
    const response = await download(owner, `/orders/${order.id}/calendar.ics`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${order.number}.ics"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [event, ...others] = calendarEvents(response.body);
    expect(others).toEqual([]);
    expect(event!.SUMMARY).toBe('The Glass Orchard');
    expect(event!.LOCATION).toBe('The Lumen Theatre, 12 Lantern Street, London, WC2E 7LM');
    // In UTC, the very instant the Lumen's clock says the show starts.
    const start = utcInstant(event!.DTSTART!);
    expect(onClock(start, 'Europe/London')).toBe(
      await localStart(order.show.performanceId, 'Europe/London'),
    );
    const end = utcInstant(event!.DTEND!);
    expect((end.getTime() - start.getTime()) / 60_000).toBe(
      await runningMinutes(order.show.performanceId),
    );
    expect(event!.DESCRIPTION).toContain(order.number);
    expect(event!.DESCRIPTION).toContain('Stalls, Row M, Seat');
    expect(event!.STATUS).toBe('CONFIRMED');
    expect(event!.UID).toBe(`${order.id}-${order.show.performanceId}@stagedoor`.toLowerCase());
  });

  it('puts a US venue’s show on its own clock, with the city, state and ZIP code', async () => {
    const buyer = await newBuyer();
    const hold = await holdOf(
      buyer,
      { performanceId: gig.performanceId, admissions: [{ area: 'FLOOR', quantity: 1 }] },
      'us-east',
    );
    await saveDetails(buyer, hold.id, 'eTicket', 'us-east');
    const basket = await basketOf(buyer, hold.id, 'us-east');
    const { order } = await buyIn(buyer, hold.id, basket, 'us-east');
    const response = await download(buyer, `/orders/${order.id}/calendar.ics`, 'us-east');
    expect(response.statusCode, response.body).toBe(200);
    const [event] = calendarEvents(response.body);
    expect(event!.LOCATION).toBe('Motor City Music Hall, 3120 Woodward Avenue, Detroit, MI 48201');
    expect(onClock(utcInstant(event!.DTSTART!), 'America/Detroit')).toBe(
      await localStart(gig.performanceId, 'America/Detroit'),
    );
    // A general admission ticket is a pass too, named by its area.
    const pass = await download(
      buyer,
      `/orders/${order.id}/tickets/${order.tickets[0]!.id}/wallet.pkpass`,
      'us-east',
    );
    expect(pass.statusCode).toBe(200);
    const { pass: json } = await openPass(pass.rawPayload);
    expect(json.eventTicket.secondaryFields?.[0]).toMatchObject({ key: 'area', label: 'Area' });
  });

  it('holds both parts of a two-part show, each at its own start', async () => {
    const pair = await cleanLinkedPair(db, 'lumen-theatre', 'the-salt-road', { sameDay: true });
    const seats = (await seatsInRow(db, pair.planId, 'STALLS', 'J')).map((seat) => seat.id);
    const buyer = await newBuyer();
    const hold = await holdOf(buyer, { performanceId: pair.performanceId, seats: [seats[4]!] });
    await saveDetails(buyer, hold.id);
    const { order } = await buyIn(buyer, hold.id, await basketOf(buyer, hold.id), 'uk');
    const response = await download(buyer, `/orders/${order.id}/calendar.ics`);
    const events = calendarEvents(response.body);
    expect(events.map((event) => event.SUMMARY)).toEqual([
      'The Salt Road: Parts One and Two (Part One)',
      'The Salt Road: Parts One and Two (Part Two)',
    ]);
    expect(events.map((event) => utcInstant(event.DTSTART!).toISOString())).toEqual(
      order.show.parts!.map((part) => new Date(part.startsAt).toISOString()),
    );
    expect(onClock(utcInstant(events[1]!.DTSTART!), 'Europe/London')).toBe(
      await localStart(pair.partTwoId, 'Europe/London'),
    );
    expect(events[0]!.DESCRIPTION).toContain('Each ticket is for both parts, in the same seat.');
    expect(new Set(events.map((event) => event.UID)).size).toBe(2);
  });
});

/** Buys a hold that is ready to pay in `region`, answering the order as its owner reads it. */
async function buyIn(buyer: Buyer, holdId: string, basket: Basket, region: string) {
  const started = await pay(buyer, holdId, {
    cardToken: await tokenFor('visa', 'approve'),
    basketVersion: basket.version,
    region,
  });
  await collectDeviceData(started);
  const done = await continuePay(buyer, started, region);
  expect(done.outcome).toBe('confirmed');
  const read = await callApi(app, buyer, 'GET', `/orders/${done.orderId}`, { region });
  return { order: orderResponseSchema.parse(read.json()).order };
}

describe('who may download them', () => {
  it('answers the order’s session and its secret link, and 404 to anyone else, as the order does', async () => {
    const order = theatreOrder;
    const ticket = order.tickets[0]!;
    const paths = [
      `/orders/${order.id}/calendar.ics`,
      `/orders/${order.id}/tickets/${ticket.id}/wallet.pkpass`,
    ];
    const stranger = await newBuyer();
    const wrongKey = `${order.accessKey!.slice(0, -1)}${order.accessKey!.endsWith('A') ? 'B' : 'A'}`;
    for (const path of paths) {
      expect((await download(owner, path)).statusCode).toBe(200);
      // The email's reader and My account come with the secret link, with or without a session.
      expect((await download(stranger, `${path}?key=${order.accessKey}`)).statusCode).toBe(200);
      expect((await download(undefined, `${path}?key=${order.accessKey}`)).statusCode).toBe(200);
      for (const response of [
        await download(stranger, path),
        await download(undefined, path),
        await download(stranger, `${path}?key=${wrongKey}`),
        await download(owner, path, 'us-east'),
        await download(undefined, `${path}?key=${order.accessKey}`, 'us-east'),
      ]) {
        expect([response.statusCode, codeOf(response)]).toEqual([404, 'not_found']);
      }
      expect((await download(stranger, `${path}?key=short`)).statusCode).toBe(400);
    }
  });

  it('has no pass for another order’s ticket, a malformed id, or tickets that are not eTickets', async () => {
    const order = theatreOrder;
    const other = await newBuyer();
    const seats = await row('STALLS', 'L');
    const { hold, basket } = await readyToPay(other, [seats[3]!], 'boxOffice');
    const boxOffice = (await buy(other, hold.id, basket)).order!;
    const foreign = await download(
      owner,
      `/orders/${order.id}/tickets/${boxOffice.tickets[0]!.id}/wallet.pkpass`,
    );
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'not_found']);
    const collected = await download(
      other,
      `/orders/${boxOffice.id}/tickets/${boxOffice.tickets[0]!.id}/wallet.pkpass`,
    );
    expect([collected.statusCode, codeOf(collected)]).toEqual([404, 'not_found']);
    // A box office order still has its calendar file.
    expect((await download(other, `/orders/${boxOffice.id}/calendar.ics`)).statusCode).toBe(200);
    const malformed = await download(owner, `/orders/${order.id}/tickets/nope/wallet.pkpass`);
    expect(malformed.statusCode).toBe(400);
  });
});

describe('the wallet pass', () => {
  it('is signed, each file in its manifest, with the ticket’s door code as its barcode', async () => {
    const order = theatreOrder;
    const ticket = order.tickets[1]!;
    const response = await download(
      owner,
      `/orders/${order.id}/tickets/${ticket.id}/wallet.pkpass`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${order.number}-ticket-2.pkpass"`,
    );
    const { files, manifest, pass } = await openPass(response.rawPayload);
    expect(Object.keys(manifest).sort()).toEqual(
      ['icon.png', 'icon@2x.png', 'icon@3x.png', 'pass.json'].sort(),
    );
    expect(manifest).toEqual(fileHashes(files));

    // Signed by the demo's throwaway pass type certificate, which its stand-in WWDR issued.
    const certificates = await demoCertificates();
    const signature = await verifySignature(
      files.get('signature')!,
      files.get('manifest.json')!,
      certificates.wwdr,
    );
    expect(signature).toEqual({
      verified: true,
      signerSubject: `Pass Type ID: ${certificates.passTypeIdentifier}, Stagedoor demo`,
    });
    // A manifest changed after signing no longer matches its signature (one hash digit changed,
    // to a digit it is not: a fixed replacement would be no change one time in sixteen).
    const tampered = Buffer.from(
      files
        .get('manifest.json')!
        .toString('utf8')
        .replace(/"pass.json":"(.)/, (_, digit) => `"pass.json":"${digit === '0' ? '1' : '0'}`),
    );
    expect(
      (await verifySignature(files.get('signature')!, tampered, certificates.wwdr)).verified,
    ).toBe(false);

    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: certificates.passTypeIdentifier,
      teamIdentifier: certificates.teamIdentifier,
      serialNumber: ticket.id,
      organizationName: 'The Lumen Theatre',
      description: 'Ticket for The Glass Orchard at The Lumen Theatre',
      // The Lumen's header colour (#2b0a16) with white text.
      backgroundColor: 'rgb(43, 10, 22)',
      foregroundColor: 'rgb(255, 255, 255)',
    });
    expect(pass.barcodes).toEqual([
      expect.objectContaining({ format: 'PKBarcodeFormatQR', message: ticket.code }),
    ]);
    expect(pass.eventTicket.primaryFields).toEqual([
      expect.objectContaining({ value: 'The Glass Orchard' }),
    ]);
    expect(pass.eventTicket.secondaryFields?.[0]?.value).toBe(
      `Stalls, Row ${ticket.row}, Seat ${ticket.number}`,
    );
    expect(JSON.stringify(pass.eventTicket.backFields)).toContain(order.number);
    expect(JSON.stringify(pass.eventTicket.backFields)).toContain('12 Lantern Street');
    // The door scanner takes the pass's barcode as it takes the confirmation page's.
    const scanned = verifyTicketResponseSchema.parse(
      (
        await callApi(app, undefined, 'POST', '/tickets/verify', {
          body: { code: pass.barcodes[0]!.message },
        })
      ).json(),
    );
    expect(scanned).toMatchObject({ valid: true, ticket: { id: ticket.id } });
  });
});

describe('the confirmation email', () => {
  it('reaches the mail server with the calendar file and one pass per ticket', async () => {
    const order = theatreOrder;
    const server = await startMailServer({ tls: 'none' });
    const transport = createSmtpTransport(
      { ...parseSmtpUrl(`smtp://127.0.0.1:${server.port}`), timeouts: DEFAULT_SMTP_TIMEOUTS },
      venues.map((venue) => venue.settings),
    );
    try {
      // Only this order's confirmation is due: the other tests' emails are not this test's.
      await db.query(`UPDATE email_outbox SET sent_at = now() WHERE order_id IS DISTINCT FROM $1`, [
        order.id,
      ]);
      const wallet = walletCertificates(new ServerKeys(db), undefined);
      expect(
        await dispatchOutbox(db, transport, confirmationAttachments({ db, venues, wallet })),
      ).toEqual({ sent: 1, failed: 0 });
      const [delivery] = server.deliveries;
      const attachments = delivery!.mail.attachments;
      expect(
        attachments.map((attachment) => [attachment.filename, attachment.contentType]),
      ).toEqual([
        [`${order.number}.ics`, 'text/calendar'],
        [`${order.number}-ticket-1.pkpass`, 'application/vnd.apple.pkpass'],
        [`${order.number}-ticket-2.pkpass`, 'application/vnd.apple.pkpass'],
      ]);
      const [event] = calendarEvents(attachments[0]!.content.toString('utf8'));
      expect(event!.SUMMARY).toBe('The Glass Orchard');
      const first = await openPass(attachments[1]!.content);
      expect(first.pass.barcodes[0]!.message).toBe(order.tickets[0]!.code);
      expect(first.manifest).toEqual(fileHashes(first.files));
      // Three files for two tickets stay far below what any mail server refuses.
      expect(delivery!.raw.length).toBeLessThan(100_000);

      // Find my tickets' copy carries them too.
      expect(await queueConfirmationCopy(db, order.id)).toBe(true);
      expect(
        await dispatchOutbox(db, transport, confirmationAttachments({ db, venues, wallet })),
      ).toEqual({ sent: 1, failed: 0 });
      expect(server.deliveries[1]!.mail.attachments.map((file) => file.filename)).toEqual(
        attachments.map((file) => file.filename),
      );

      // A pass that cannot be signed fails the attempt: the email is kept and tried again,
      // never sent without its tickets.
      expect(await queueConfirmationCopy(db, order.id)).toBe(true);
      const unsigned = () => Promise.reject(new Error('the pass certificate is unreadable'));
      expect(
        await dispatchOutbox(
          db,
          transport,
          confirmationAttachments({ db, venues, wallet: unsigned }),
        ),
      ).toEqual({ sent: 0, failed: 1 });
      expect(server.deliveries).toHaveLength(2);
      const { rows } = await db.query<{ lastError: string }>(
        `SELECT last_error AS "lastError" FROM email_outbox
         WHERE order_id = $1 AND sent_at IS NULL`,
        [order.id],
      );
      expect(rows).toEqual([{ lastError: 'the pass certificate is unreadable' }]);
    } finally {
      transport.close();
      await server.close();
    }
  });
});
