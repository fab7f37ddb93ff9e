import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QRCodeSVG } from 'qrcode.react';
import styled from 'styled-components';
import type { OrderView } from '@contract/api/orders';
import type { VenueConfig } from '@/config/venues';
import { formatMoney } from '@/i18n/format';
import { PerformanceParts } from '@/components/PerformanceParts';
import { calendarFileUrl, walletPassUrl } from '@/api/ticketFiles';
import type { MessageId } from '@/i18n/messageIds';
import { OrderPriceLines } from './OrderPriceLines';
import { PaidWith } from './PaidWith';
import { ticketPlaces } from './ticketNames';

type Props = {
  order: OrderView;
  venue: VenueConfig | undefined;
  /**
   * The secret link's key the order's files are downloaded with (the order's own, or the one
   * its reader came with); null where the buying session's cookie is what opens them.
   */
  fileKey: string | null;
};

const NEXT_STEPS: Record<OrderView['delivery']['method'], MessageId> = {
  eTicket: 'confirmation.next.eTicket',
  boxOffice: 'confirmation.next.boxOffice',
  post: 'confirmation.next.post',
  theatreCourse: 'confirmation.next.theatreCourse',
};

/**
 * Everything the buyer needs about the order (spec §3: order number, customer name, show name
 * and email), the performance on the venue's clock, the tickets (with a QR code each when they are
 * eTickets), extras, protection, how the tickets arrive and what to do next, and what was paid.
 * Issue 25: "Add to calendar" beside when it is, and "Add to Apple Wallet" under each eTicket.
 */
export function OrderSummary({ order, venue, fileKey }: Props) {
  const intl = useIntl();
  const money = (amount: number) => formatMoney(intl, { amount, currency: order.currency });
  const { show, customer } = order;
  const timeZone = show.timezone;
  const dateTime = `${intl.formatDate(show.startsAt, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })}, ${intl.formatTime(show.startsAt, { timeZone, hour: 'numeric', minute: '2-digit' })}`;
  const places = ticketPlaces(order.tickets, intl);
  const region = venue?.settings.region;
  const eTickets = order.delivery.method === 'eTicket';
  const nextStep =
    eTickets && venue?.settings.flags.eTicketDescription !== undefined ? (
      venue.settings.flags.eTicketDescription
    ) : (
      <FormattedMessage id={NEXT_STEPS[order.delivery.method]} />
    );

  return (
    <>
      <Facts>
        <p>
          <FormattedMessage
            id="confirmation.orderNumber"
            values={{ number: <b>{order.number}</b> }}
          />
        </p>
        <p>
          <FormattedMessage
            id="confirmation.customerName"
            values={{ name: `${customer.firstName} ${customer.lastName}` }}
          />
        </p>
        <p>
          <FormattedMessage id="confirmation.showName" values={{ showName: show.title }} />
        </p>
        <p>
          <FormattedMessage id="confirmation.venue" values={{ venueName: show.venueName }} />
        </p>
        {show.parts ? (
          <>
            <PerformanceParts parts={show.parts} timeZone={timeZone} />
            <p>
              <FormattedMessage id="performance.parts.bothParts" />
            </p>
          </>
        ) : (
          <p>
            <FormattedMessage id="confirmation.date" values={{ dateTime }} />
          </p>
        )}
        {region !== undefined ? (
          <p>
            {/* No download attribute: a phone hands the file to its calendar or Wallet, which
                the server's Content-Disposition names for a computer's downloads. */}
            <a href={calendarFileUrl(region, order.id, fileKey)}>
              <FormattedMessage id="confirmation.files.addToCalendar" />
            </a>
          </p>
        ) : null}
        <p>
          <FormattedMessage id="confirmation.email" values={{ email: customer.email }} />
        </p>
      </Facts>

      <Part heading="confirmation.tickets.heading">
        <Tickets>
          {order.tickets.map((ticket, index) => {
            const place = places[index] ?? '';
            return (
              <li key={ticket.id}>
                <span>{place}</span>
                {eTickets && ticket.code !== null ? (
                  <QRCodeSVG
                    value={ticket.code}
                    size={168}
                    marginSize={4}
                    role="img"
                    aria-label={intl.formatMessage(
                      { id: 'confirmation.ticket.codeName' },
                      { place },
                    )}
                  />
                ) : null}
                {eTickets && ticket.code !== null && region !== undefined ? (
                  <a
                    href={walletPassUrl(region, order.id, ticket.id, fileKey)}
                    // Each ticket's link is named by its place, starting with the words shown.
                    aria-label={intl.formatMessage(
                      { id: 'confirmation.files.addToWalletName' },
                      { place },
                    )}
                  >
                    <FormattedMessage id="confirmation.files.addToWallet" />
                  </a>
                ) : null}
              </li>
            );
          })}
        </Tickets>
        {order.extras.length > 0 ? (
          <>
            <h3>
              <FormattedMessage id="confirmation.extras.heading" />
            </h3>
            <ul>
              {order.extras.map((extra) => (
                <li key={extra.upsellId}>
                  <FormattedMessage
                    id="confirmation.extra"
                    values={{
                      quantity: extra.quantity,
                      name: extra.name,
                      price: money(extra.lineTotal),
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          <FormattedMessage
            id={
              order.ticketProtection ? 'confirmation.protection.yes' : 'confirmation.protection.no'
            }
          />
        </p>
      </Part>

      <Part heading="confirmation.delivery.heading">
        <p>
          <FormattedMessage
            id="confirmation.delivery.method"
            values={{
              method: <FormattedMessage id={`delivery.method.${order.delivery.method}`} />,
            }}
          />
        </p>
        <p>{nextStep}</p>
        {order.delivery.address !== null ? <PostalAddress order={order} /> : null}
      </Part>

      <Part heading="confirmation.payment.heading">
        <OrderPriceLines order={order} />
        <PaidWith order={order} />
      </Part>
    </>
  );
}

function Part({ heading, children }: { heading: MessageId; children: ReactNode }) {
  return (
    <section>
      <h2>
        <FormattedMessage id={heading} />
      </h2>
      {children}
    </section>
  );
}

function PostalAddress({ order }: { order: OrderView }) {
  const intl = useIntl();
  const address = order.delivery.address;
  if (address === null) return null;
  const country =
    new Intl.DisplayNames([intl.locale], { type: 'region' }).of(address.country) ?? address.country;
  const lines = [
    address.line1,
    address.line2,
    address.city,
    [address.state, address.postcode].filter((part) => part !== '').join(' '),
    country,
  ].filter((line) => line !== '');
  return (
    <PostalLines>
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </PostalLines>
  );
}

const Facts = styled.div`
  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

const Tickets = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]}px;
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space[2]}px;
  }

  svg {
    max-width: 100%;
    height: auto;
  }
`;

const PostalLines = styled.p`
  display: flex;
  flex-direction: column;
`;
