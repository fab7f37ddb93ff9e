import type { Address, DeliveryMethod } from '../../contract/api/checkout';
import type { OrderTicket, OrderView } from '../../contract/api/orders';
import { CARD_BRAND_NAMES } from '../../contract/cards';
import type { VenueSettings } from '../../contract/venue';
import { formatMoney, formatPerformance } from './format';
import { toHtml, toText, type Block } from './layout';
import { emailText, type EmailText } from './messages';

/**
 * The order confirmation email (issue 5): what was bought, for when and where, how the tickets
 * arrive and what happens next, what it cost, and the order's secret link. Worded from the
 * venue's catalogue in its locale; times on the venue's clock.
 */

import type { RenderedEmail } from './queries';

export type { RenderedEmail };

export interface ConfirmationContext {
  /** The order's secret link (its page with `?key=`): the way back to the tickets. */
  orderUrl: string;
  venue: VenueSettings;
}

function ticketLabel(t: EmailText, ticket: OrderTicket): string {
  const place =
    ticket.kind === 'seat'
      ? t('email.confirmation.ticket.seat', {
          section: ticket.section ?? '',
          row: ticket.row ?? '',
          number: ticket.number ?? '',
        })
      : (ticket.area ?? '');
  // The standard price has no name of its own: the venue's default label names it.
  return t('email.confirmation.ticket.withPriceOption', {
    ticket: place,
    priceOption: ticket.priceOptionName ?? t('tickets.price.fullPrice'),
  });
}

/** Seats are each their own line; identical admission places are counted on one. */
function ticketLines(t: EmailText, tickets: OrderTicket[]): string[] {
  const counts = new Map<string, number>();
  for (const ticket of tickets) {
    const label = ticketLabel(t, ticket);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, count]) =>
    count === 1 ? label : t('email.confirmation.ticket.count', { count, ticket: label }),
  );
}

function addressLines(locale: string, address: Address): string[] {
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(address.country);
  const town =
    address.country === 'US'
      ? [`${address.city}, ${address.state} ${address.postcode}`]
      : [address.city, address.postcode];
  return [address.line1, address.line2, ...town, country ?? address.country].filter(
    (line) => line.trim() !== '',
  );
}

const NEXT_STEP: Record<DeliveryMethod, string> = {
  eTicket: 'email.confirmation.next.eTicket',
  boxOffice: 'email.confirmation.next.boxOffice',
  post: 'email.confirmation.next.post',
  theatreCourse: 'email.confirmation.next.theatreCourse',
};

function deliveryBlocks(t: EmailText, order: OrderView, venue: VenueSettings): Block[] {
  const { method, address } = order.delivery;
  const blocks: Block[] = [
    { kind: 'heading', text: t('email.confirmation.delivery.heading') },
    {
      kind: 'paragraph',
      text: t('email.confirmation.delivery.method', { method: t(`delivery.method.${method}`) }),
    },
    { kind: 'paragraph', text: t(NEXT_STEP[method], { phone: venue.supportPhone }) },
  ];
  // The venue's own words about its eTickets (venue flag eTicketDescription).
  if (method === 'eTicket' && venue.flags.eTicketDescription) {
    blocks.push({ kind: 'paragraph', text: venue.flags.eTicketDescription });
  }
  if (method === 'post' && address) {
    blocks.push({ kind: 'lines', lines: addressLines(t.locale, address) });
  }
  // Issue 25: what comes with the email (made by orders when it is sent): a calendar file, and
  // a wallet pass per eTicket.
  blocks.push({
    kind: 'paragraph',
    text: t(
      method === 'eTicket'
        ? 'email.confirmation.attached.eTicket'
        : 'email.confirmation.attached.calendar',
      { count: order.tickets.length },
    ),
  });
  return blocks;
}

/**
 * Every part of the total on a row of its own, in the drawer's order and words (issue 13): the
 * tickets, extras, protection, the transaction fee and delivery ("Free" when it costs nothing).
 */
function paymentBlocks(t: EmailText, order: OrderView): Block[] {
  const money = (amount: number) => formatMoney(t.locale, amount, order.currency);
  const { charges } = order;
  const rows: [string, string][] = [
    [t('basket.line.ticketsTotal', { count: order.tickets.length }), money(charges.tickets)],
    ...order.extras.map((extra): [string, string] => [
      t('email.confirmation.extra', { quantity: extra.quantity, name: extra.name }),
      money(extra.lineTotal),
    ]),
  ];
  if (order.ticketProtection) {
    rows.push([t('ticketProtection.product.name'), money(charges.ticketProtection)]);
  }
  if (order.transactionFee > 0) {
    rows.push([t('basket.transactionFee'), money(order.transactionFee)]);
  }
  rows.push([
    // The method is named in the delivery section above.
    t('basket.delivery'),
    charges.delivery === 0 ? t('basket.free') : money(charges.delivery),
  ]);
  rows.push([t('basket.total'), money(order.total)]);
  return [
    { kind: 'heading', text: t('email.confirmation.payment.heading') },
    { kind: 'facts', rows },
    ...paidWithLines(t, order).map((text): Block => ({ kind: 'paragraph', text })),
  ];
}

const WALLET_NAMES: Record<string, string> = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' };

/**
 * How the total was paid, one line per part (issue 15): the vouchers in the order they were
 * spent, then the provider's payment. A card that paid everything keeps its one sentence.
 */
function paidWithLines(t: EmailText, order: OrderView): string[] {
  const parts = order.paidWith;
  const only = parts.length === 1 ? parts[0] : undefined;
  if (parts.length === 0) return [t('email.confirmation.noPayment')];
  if (only?.method === 'card' && only.brand) {
    return [
      t('email.confirmation.paidWith', {
        brand: CARD_BRAND_NAMES[only.brand],
        last4: only.last4 ?? '',
      }),
    ];
  }
  return parts.map((part) => {
    const amount = formatMoney(t.locale, part.amount, order.currency);
    const last4 = part.last4 ?? '';
    switch (part.method) {
      case 'gift_voucher':
        return t('email.confirmation.paidPart.giftVoucher', { amount, last4 });
      case 'gift_card':
        return t('email.confirmation.paidPart.giftCard', { amount, last4 });
      case 'paypal':
        return t('email.confirmation.paidPart.paypal', { amount });
      default: {
        const brand = part.brand ? CARD_BRAND_NAMES[part.brand] : '';
        const wallet = WALLET_NAMES[part.method];
        return wallet
          ? t('email.confirmation.paidPart.wallet', { amount, wallet, brand, last4 })
          : t('email.confirmation.paidPart.card', { amount, brand, last4 });
      }
    }
  });
}

/**
 * When the show is: its date and time, or for a two-part show (issue 24) each part's, since
 * every ticket is for both.
 */
function whenRows(t: EmailText, order: OrderView): [string, string][] {
  const { parts, timezone } = order.show;
  if (!parts) {
    return [
      [
        t('email.confirmation.dateTime'),
        formatPerformance(t.locale, order.show.startsAt, timezone),
      ],
    ];
  }
  return parts.map(({ part, startsAt }) => [
    t('performance.part.name', { part }),
    formatPerformance(t.locale, startsAt, timezone),
  ]);
}

export function renderOrderConfirmation(order: OrderView, ctx: ConfirmationContext): RenderedEmail {
  const { venue } = ctx;
  const t = emailText(venue);
  const dateTime = formatPerformance(t.locale, order.show.startsAt, order.show.timezone);
  const showName = order.show.title;
  const venueName = order.show.venueName;
  const name = `${order.customer.firstName} ${order.customer.lastName}`;

  const blocks: Block[] = [
    {
      kind: 'paragraph',
      text: t('email.confirmation.greeting', { firstName: order.customer.firstName }),
    },
    { kind: 'paragraph', text: t('email.confirmation.intro', { venueName }) },
    {
      kind: 'facts',
      rows: [
        [t('email.confirmation.orderNumber'), order.number],
        [t('email.confirmation.name'), name],
        [t('email.confirmation.show'), showName],
        [t('email.confirmation.venue'), venueName],
        ...whenRows(t, order),
      ],
    },
    ...(order.show.parts
      ? [{ kind: 'paragraph' as const, text: t('performance.parts.bothParts') }]
      : []),
    {
      kind: 'heading',
      text: t('email.confirmation.tickets.heading', { count: order.tickets.length }),
    },
    { kind: 'list', items: ticketLines(t, order.tickets) },
    ...deliveryBlocks(t, order, venue),
    ...paymentBlocks(t, order),
    { kind: 'heading', text: t('email.confirmation.link.heading') },
    { kind: 'paragraph', text: t('email.confirmation.link.intro') },
    { kind: 'button', label: t('email.confirmation.link.button'), href: ctx.orderUrl },
    { kind: 'paragraph', text: t('footer.support', { phone: venue.supportPhone }) },
    { kind: 'note', text: t('email.confirmation.footer', { venueName }) },
  ];

  const document = {
    lang: venue.locale,
    title: t('steps.confirmation.heading'),
    preheader: t('email.confirmation.preheader', { showName, venueName, dateTime }),
    blocks,
  };
  return {
    subject: t('email.confirmation.subject', { showName, number: order.number }),
    html: toHtml(document),
    text: toText(document),
    venueSlug: venue.slug,
  };
}
