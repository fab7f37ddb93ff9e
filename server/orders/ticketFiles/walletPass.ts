import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { PKPass } from 'passkit-generator';
import type { OrderTicket } from '../../../contract/api/orders';
import { emailText, formatPerformance } from '../../email';
import { passIcons } from './passIcon';
import { addressLines, performancesOf, ticketPlace, type TicketFacts } from './ticketFacts';
import type { WalletCertificates } from './walletSettings';

extend([a11yPlugin]);

/**
 * One ticket as an Apple Wallet event ticket (issue 25, `.pkpass` through passkit-generator):
 * the ticket's signed QR code (the one the confirmation page shows and the door scanner checks
 * with POST /tickets/verify) as its barcode, the show, the venue and when, the seat or area on
 * the front; the order, the buyer, the ticket type and the venue's address and phone on the
 * back; in the venue's colours. Only an eTicket has a code, so only an eTicket has a pass.
 */

export const PASS_CONTENT_TYPE = 'application/vnd.apple.pkpass';

export function passFileName(facts: TicketFacts, ticket: OrderTicket): string {
  const index = facts.order.tickets.findIndex((each) => each.id === ticket.id);
  return `${facts.order.number}-ticket-${index + 1}.pkpass`;
}

/** The tickets that can be passes: an eTicket order's tickets, each with its code. */
export function passTickets(facts: TicketFacts): (OrderTicket & { code: string })[] {
  if (facts.order.delivery.method !== 'eTicket') return [];
  return facts.order.tickets.filter(
    (ticket): ticket is OrderTicket & { code: string } => ticket.code !== null,
  );
}

const rgb = (hex: string) => {
  const { r, g, b } = colord(hex).toRgb();
  return `rgb(${r}, ${g}, ${b})`;
};

/** The venue's header band (its accent when none) with whichever of ink or white reads on it. */
function passColours(facts: TicketFacts) {
  const background = facts.theme.header ?? facts.theme.accent;
  const band = colord(background);
  const text = band.contrast('#ffffff') >= band.contrast('#111111') ? '#ffffff' : '#111111';
  return { background, text };
}

export function walletPass(
  facts: TicketFacts,
  ticket: OrderTicket & { code: string },
  certificates: WalletCertificates,
): Buffer {
  const { order, venue } = facts;
  const t = emailText(venue);
  const colours = passColours(facts);
  const pass = new PKPass(
    passIcons(colours.background),
    {
      wwdr: certificates.wwdr,
      signerCert: certificates.signerCert,
      signerKey: certificates.signerKey,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: certificates.passTypeIdentifier,
      teamIdentifier: certificates.teamIdentifier,
      // The ticket's id: Wallet keeps one pass per serial, so adding it twice replaces it.
      serialNumber: ticket.id,
      organizationName: venue.name,
      description: t('ticketFiles.pass.description', {
        showName: order.show.title,
        venueName: venue.name,
      }),
      logoText: venue.name,
      backgroundColor: rgb(colours.background),
      foregroundColor: rgb(colours.text),
      labelColor: rgb(colours.text),
    },
  );
  pass.type = 'eventTicket';
  pass.primaryFields.push({ key: 'show', label: venue.name, value: order.show.title });
  pass.secondaryFields.push(
    ticket.kind === 'seat'
      ? { key: 'seat', label: t('ticketFiles.pass.seat'), value: ticketPlace(t, ticket) }
      : { key: 'area', label: t('ticketFiles.pass.area'), value: ticketPlace(t, ticket) },
  );
  const performances = performancesOf(order);
  for (const { part, startsAt } of performances) {
    pass.auxiliaryFields.push({
      key: part === null ? 'starts' : `part${part}`,
      label:
        part === null ? t('email.confirmation.dateTime') : t('performance.part.name', { part }),
      // Written on the venue's clock, as the confirmation says it, wherever the phone is.
      value: formatPerformance(t.locale, startsAt, order.show.timezone),
    });
  }
  pass.backFields.push(
    { key: 'order', label: t('email.confirmation.orderNumber'), value: order.number },
    {
      key: 'holder',
      label: t('email.confirmation.name'),
      value: `${order.customer.firstName} ${order.customer.lastName}`,
    },
    {
      key: 'ticketType',
      label: t('ticketFiles.pass.ticketType'),
      value: ticket.priceOptionName ?? t('tickets.price.fullPrice'),
    },
    ...(order.show.parts
      ? [{ key: 'bothParts', label: '', value: t('performance.parts.bothParts') }]
      : []),
    {
      key: 'venue',
      label: t('email.confirmation.venue'),
      value: [venue.name, ...addressLines(facts)].join('\n'),
    },
    { key: 'phone', label: t('ticketFiles.pass.phone'), value: venue.supportPhone },
  );
  pass.setBarcodes({
    format: 'PKBarcodeFormatQR',
    message: ticket.code,
    messageEncoding: 'iso-8859-1',
    altText: order.number,
  });
  // Wallet offers the pass on the lock screen as the show draws near.
  pass.setRelevantDate(new Date(performances[0]!.startsAt));
  return pass.getAsBuffer();
}
