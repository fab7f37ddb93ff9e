import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../contract/api/orders';
import { readable, venue } from './emailFixtures';
import { renderOrderConfirmation } from './orderConfirmation';

const HOSTILE = '<script>alert("pwn")</script> & \'Bobby\'';

/** A confirmed order as the orders API would give it, made by hand. */
function lumenOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '6F1C2B4A-1111-4222-8333-944455556666',
    number: 'SD-7K3QF9XM',
    status: 'confirmed',
    customer: { firstName: HOSTILE, lastName: 'Lovelace', email: 'ada@example.co.uk' },
    show: {
      title: 'The Glass Orchard',
      venueName: 'The Lumen Theatre',
      venueSlug: 'lumen-theatre',
      performanceId: 'A1B2C3D4-0000-4000-8000-000000000001',
      // 18:30 UTC is 19:30 in London in August (BST).
      startsAt: '2026-08-01T18:30:00.000Z',
      timezone: 'Europe/London',
    },
    delivery: { method: 'boxOffice', address: null },
    tickets: [
      {
        id: 'B0000000-0000-4000-8000-000000000001',
        kind: 'seat',
        section: 'Stalls',
        row: 'F',
        number: 12,
        area: null,
        priceOptionName: 'Band A',
        code: null,
      },
      {
        id: 'B0000000-0000-4000-8000-000000000002',
        kind: 'seat',
        section: 'Stalls',
        row: 'F',
        number: 13,
        area: null,
        priceOptionName: 'Band A',
        code: null,
      },
    ],
    extras: [
      {
        upsellId: 'C0000000-0000-4000-8000-000000000001',
        kind: 'programme',
        name: 'Souvenir programme',
        priceZone: null,
        unitPrice: 600,
        quantity: 2,
        lineTotal: 1200,
      },
    ],
    ticketProtection: true,
    transactionFee: 295,
    charges: { tickets: 17_500, ticketProtection: 500, delivery: 0, transactionFeeWaiver: null },
    total: 19_495,
    currency: 'GBP',
    paidWith: [{ method: 'card', amount: 17795, brand: 'visa', last4: '1111' }],
    confirmedAt: '2026-07-01T10:00:00.000Z',
    accessKey: null,
    ...overrides,
  };
}

function hudsonOrder(): OrderView {
  const base = lumenOrder();
  return {
    ...base,
    customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    show: {
      ...base.show,
      title: 'The Glass Orchard',
      venueName: 'The Hudson Stage',
      venueSlug: 'hudson-stage',
      // 23:30 UTC is 7:30 PM in New York in August (EDT).
      startsAt: '2026-08-01T23:30:00.000Z',
      timezone: 'America/New_York',
    },
    delivery: {
      method: 'post',
      address: {
        line1: '311 W 44th St',
        line2: 'Apt 4B',
        city: 'New York',
        state: 'NY',
        postcode: '10036-4004',
        country: 'US',
      },
    },
    extras: [],
    ticketProtection: false,
    transactionFee: 350,
    charges: { tickets: 17_500, ticketProtection: 0, delivery: 0, transactionFeeWaiver: null },
    total: 17_850,
    currency: 'USD',
    paidWith: [{ method: 'card', amount: 17795, brand: 'amex', last4: '0005' }],
  };
}

const ORDER_URL = 'https://shop.example/checkout/confirmation?order=6F1C2B4A&key=abc';

describe('the order confirmation email', () => {
  it('escapes a hostile name in the HTML and keeps it readable in the text part', () => {
    const email = renderOrderConfirmation(lumenOrder(), {
      orderUrl: ORDER_URL,
      venue: venue('lumen-theatre'),
    });
    expect(email.html).not.toContain('<script');
    expect(email.html).not.toContain('"pwn"');
    expect(email.html).toContain(
      '&lt;script&gt;alert(&quot;pwn&quot;)&lt;/script&gt; &amp; &#39;Bobby&#39;',
    );
    expect(email.text).toContain(`Dear ${HOSTILE},`);
    // The only markup is the layout's: no script, no event handler, no external style sheet.
    expect(email.html).not.toMatch(/\son\w+=|<style|<link|<script/i);
  });

  it('a line break typed into a name cannot start a line of its own', () => {
    const email = renderOrderConfirmation(
      lumenOrder({
        customer: { firstName: 'Ada\r\nTotal: £0', lastName: 'L', email: 'ada@example.co.uk' },
      }),
      { orderUrl: ORDER_URL, venue: venue('lumen-theatre') },
    );
    expect(email.text).toContain('Dear Ada Total: £0,');
    expect(email.text.split('\n')).not.toContain('Total: £0');
  });

  it('says everything the buyer needs in en-GB, on the London clock, in pounds', () => {
    const email = renderOrderConfirmation(lumenOrder(), {
      orderUrl: ORDER_URL,
      venue: venue('lumen-theatre'),
    });
    expect(email.subject).toBe('Your order SD-7K3QF9XM is confirmed: The Glass Orchard');
    for (const part of [email.html, email.text].map(readable)) {
      expect(part).toContain('Your order is confirmed');
      expect(part).toContain('SD-7K3QF9XM');
      expect(part).toContain('The Glass Orchard');
      expect(part).toContain('The Lumen Theatre');
      expect(part).toContain('Sat, 1 August 2026, 19:30');
      expect(part).toContain('Stalls, Row F, Seat 12 (Band A)');
      expect(part).toContain('Stalls, Row F, Seat 13 (Band A)');
      // The Lumen's own wording for box office collection (venues/lumen-theatre/messages).
      expect(part).toContain('Collect from the Lumen box office on the Strand');
      expect(part).toContain('Please bring your order number');
      expect(part).toContain('2 × Souvenir programme');
      expect(part).toContain('£12');
      expect(part).toContain('£2.95');
      expect(part).toContain('£194.95');
      expect(part).toContain('Paid with Visa ending 1111.');
      // The Lumen Group brand's support line.
      expect(part).toContain('Lumen Group box office: call 020 7946 0123');
      // Issue 25: box office tickets have no pass, but the date goes in a calendar.
      expect(part).toContain('Attached: a calendar file for the date.');
    }
    const eTickets = renderOrderConfirmation(
      lumenOrder({ delivery: { method: 'eTicket', address: null } }),
      { orderUrl: ORDER_URL, venue: venue('lumen-theatre') },
    );
    expect(readable(eTickets.text)).toContain(
      'Attached: each of your tickets for Apple Wallet, and a calendar file for the date.',
    );
    expect(email.html).toContain('<html lang="en-GB">');
    expect(email.html).toContain(`href="${ORDER_URL.replaceAll('&', '&amp;')}"`);
    expect(email.text).toContain(`View your order:\n${ORDER_URL}`);
  });

  it('puts every part of the total on a line of its own, adding up to the total', () => {
    const email = renderOrderConfirmation(lumenOrder(), {
      orderUrl: ORDER_URL,
      venue: venue('lumen-theatre'),
    });
    const text = readable(email.text);
    const payment = text.slice(text.indexOf('Payment'), text.indexOf('Paid with'));
    for (const line of [
      /2 tickets:?\s+£175/,
      /2 × Souvenir programme:?\s+£12/,
      /Ticket refund protection:?\s+£5/,
      /Transaction fee:?\s+£2\.95/,
      /Delivery:?\s+Free/,
      /Total:?\s+£194\.95/,
    ])
      expect(payment).toMatch(line);
    const amounts = [...payment.matchAll(/£([\d,]+(?:\.\d\d)?)/g)].map((match) =>
      Math.round(Number(match[1]!.replace(',', '')) * 100),
    );
    expect(amounts.slice(0, -1).reduce((sum, amount) => sum + amount, 0)).toBe(amounts.at(-1));
  });

  it('speaks en-US at a US venue: mailed tickets, New York time, dollars', () => {
    const email = renderOrderConfirmation(hudsonOrder(), {
      orderUrl: ORDER_URL,
      venue: venue('hudson-stage'),
    });
    for (const part of [email.html, email.text].map(readable)) {
      expect(part).toContain('Sat, August 1, 2026, 7:30 PM');
      expect(part).toContain('Delivery: Mail');
      expect(part).toContain("We'll mail your tickets to the address below");
      expect(part).toContain('call us at (212) 555-0178');
      expect(part).toContain('$178.50');
      expect(part).toContain('Paid with American Express ending in 0005.');
      expect(part).toContain('New York, NY 10036-4004');
      expect(part).toContain('United States');
      expect(part).not.toContain('Ticket refund protection');
    }
    expect(email.html).toContain('<html lang="en-US">');
  });

  it('names each way the total was paid on a line of its own: vouchers first, then the card', () => {
    const email = renderOrderConfirmation(
      lumenOrder({
        paidWith: [
          { method: 'gift_voucher', amount: 10_000, brand: null, last4: '0003' },
          { method: 'gift_card', amount: 2_500, brand: null, last4: '0002' },
          { method: 'card', amount: 6_995, brand: 'visa', last4: '1111' },
        ],
      }),
      { orderUrl: ORDER_URL, venue: venue('lumen-theatre') },
    );
    const text = readable(email.text);
    const lines = [
      '£100 from gift voucher ending 0003.',
      '£25 from gift card ending 0002.',
      '£69.95 paid with Visa ending 1111.',
    ];
    const at = lines.map((line) => text.indexOf(line));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain('No payment was needed');
    const covered = renderOrderConfirmation(
      lumenOrder({
        paidWith: [{ method: 'gift_card', amount: 19_495, brand: null, last4: '0001' }],
      }),
      { orderUrl: ORDER_URL, venue: venue('lumen-theatre') },
    );
    expect(readable(covered.text)).toContain('£194.95 from gift card ending 0001.');
  });

  it('counts identical admission places on one line and says when nothing was paid', () => {
    const place = {
      id: 'B0000000-0000-4000-8000-000000000010',
      kind: 'admission' as const,
      section: null,
      row: null,
      number: null,
      area: 'Standing floor',
      priceOptionName: 'General admission',
      code: 'signed-code',
    };
    const email = renderOrderConfirmation(
      {
        ...hudsonOrder(),
        delivery: { method: 'eTicket', address: null },
        tickets: [place, { ...place, id: 'B0000000-0000-4000-8000-000000000011' }],
        transactionFee: 0,
        total: 0,
        paidWith: [],
      },
      { orderUrl: ORDER_URL, venue: venue('motor-city-music-hall') },
    );
    expect(email.text).toContain('Your 2 tickets');
    expect(email.text).toContain('- 2 × Standing floor (General admission)');
    expect(email.text).toContain('No payment was needed for this order.');
    expect(email.text).not.toContain('Transaction fee');
    // The venue's own eTicket wording follows ours.
    expect(email.text).toContain('Doors open one hour before the show.');
  });

  it("names the standard price, which has no name of its own, with the venue's default label", () => {
    const email = renderOrderConfirmation(
      {
        ...hudsonOrder(),
        tickets: [
          {
            id: 'B0000000-0000-4000-8000-000000000012',
            kind: 'admission',
            section: null,
            row: null,
            number: null,
            area: 'Standing floor',
            priceOptionName: null,
            code: null,
          },
        ],
      },
      { orderUrl: ORDER_URL, venue: venue('motor-city-music-hall') },
    );
    expect(email.text).toContain('- Standing floor (Full Price)');
  });

  it('refuses an order link that is not a web address', () => {
    expect(() =>
      renderOrderConfirmation(lumenOrder(), {
        orderUrl: 'javascript:alert(1)',
        venue: venue('lumen-theatre'),
      }),
    ).toThrow(/http/);
  });
});
