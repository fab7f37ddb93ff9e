/**
 * Campaign attribution (issue 24): crmCampaignId, crmUserId, crmEmail and src travel with the pay
 * request, are checked like every other input, are stored on the order with the venue's sourceId,
 * and GET /orders/:id shows them to the order's owner alone.
 */
import { describe, expect, it } from 'vitest';
import { orderResponseSchema, payResponseSchema } from '../../contract/api/orders';
import { buyerBrowser as browser } from './checkoutFixtures';
import { callApi, type Buyer } from './buyers';
import {
  app,
  codeOf,
  collectDeviceData,
  continuePay,
  db,
  newBuyer,
  orderOf,
  readyToPay,
  row,
  startOrdersApp,
  tokenFor,
} from './orderFixtures';

startOrdersApp();

const CAMPAIGN = {
  crmCampaignId: 'SPRING-26',
  crmUserId: 'u_48151623',
  crmEmail: 'reader.48151623@example.org',
  src: 'newsletter',
};

let seats: string[] = [];
const takeSeat = async () => {
  if (seats.length === 0) seats = await row('STALLS', 'P');
  return seats.shift()!;
};

async function payWith(buyer: Buyer, attribution?: unknown) {
  const { hold, basket } = await readyToPay(buyer, [await takeSeat()]);
  return callApi(app, buyer, 'POST', `/holds/${hold.id}/order`, {
    headers: { 'user-agent': 'Mozilla/5.0 (attribution test)', accept: 'application/json' },
    body: {
      basketVersion: basket.version,
      cardToken: await tokenFor('visa', 'approve'),
      browser,
      ...(attribution === undefined ? {} : { attribution }),
    },
  });
}

/** Pays with `attribution` through to the confirmed order; its id. */
async function buyWith(buyer: Buyer, attribution?: unknown): Promise<string> {
  const sent = await payWith(buyer, attribution);
  expect(sent.statusCode, sent.body).toBe(200);
  const started = payResponseSchema.parse(sent.json());
  await collectDeviceData(started);
  const done = await continuePay(buyer, started);
  expect(done.outcome).toBe('confirmed');
  // The pay answer is no place for it: only GET /orders/:id, to the owner.
  expect(done.order).not.toHaveProperty('attribution');
  return done.orderId;
}

describe('campaign attribution on the order', () => {
  it('stores what the pay request sent with the venue’s sourceId and shows it to the owner', async () => {
    const owner = await newBuyer();
    const orderId = await buyWith(owner, CAMPAIGN);
    const mine = orderResponseSchema.parse((await orderOf(owner, orderId)).json()).order;
    expect(mine.attribution).toEqual({ ...CAMPAIGN, sourceId: 'LUMEN-LDN' });
    const { rows } = await db.query(
      `SELECT crm_campaign_id, crm_user_id, crm_email, src, source_id FROM orders WHERE id = $1`,
      [orderId],
    );
    expect(rows[0]).toEqual({
      crm_campaign_id: 'SPRING-26',
      crm_user_id: 'u_48151623',
      crm_email: 'reader.48151623@example.org',
      src: 'newsletter',
      source_id: 'LUMEN-LDN',
    });

    // A link holder sees the order, never who the campaign said the buyer was.
    const stranger = await newBuyer();
    const linked = await orderOf(stranger, orderId, `?key=${mine.accessKey}`);
    expect(linked.statusCode).toBe(200);
    expect(orderResponseSchema.parse(linked.json()).order).not.toHaveProperty('attribution');
    expect(linked.body).not.toContain('reader.48151623');
    expect(linked.body).not.toContain('SPRING-26');
  });

  it('leaves out what was not sent; the sourceId is always the venue’s', async () => {
    const owner = await newBuyer();
    const partial = await buyWith(owner, { src: 'instagram' });
    expect(
      orderResponseSchema.parse((await orderOf(owner, partial)).json()).order.attribution,
    ).toEqual({ src: 'instagram', sourceId: 'LUMEN-LDN' });
    const none = await buyWith(owner);
    expect(
      orderResponseSchema.parse((await orderOf(owner, none)).json()).order.attribution,
    ).toEqual({ sourceId: 'LUMEN-LDN' });
  });

  it('refuses attribution outside its rules with a 400 naming the field, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ crmEmail: 'not-an-email' }, 'crmEmail'],
      [{ crmEmail: `${'a'.repeat(250)}@example.com` }, 'crmEmail'],
      [{ crmCampaignId: 'x'.repeat(256) }, 'crmCampaignId'],
      [{ crmUserId: '<script>' }, 'crmUserId'],
      [{ src: '' }, 'src'],
      [{ src: 'news\nletter' }, 'src'],
      // The server's own: a client cannot set the venue's source id.
      [{ sourceId: 'FORGED' }, 'sourceId'],
      ['SPRING-26', 'attribution'],
    ];
    for (const [attribution, field] of cases) {
      const buyer = await newBuyer();
      const refused = await payWith(buyer, attribution);
      expect([refused.statusCode, codeOf(refused)], refused.body).toEqual([
        400,
        'validation_failed',
      ]);
      expect(refused.body).toContain(field);
      expect(refused.statusCode).toBeLessThan(500);
    }
    const { rows } = await db.query(`SELECT 1 FROM orders WHERE crm_user_id = '<script>'`);
    expect(rows).toEqual([]);
  });
});
