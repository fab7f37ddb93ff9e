import { FormattedMessage } from 'react-intl';
import type { VenueConfig } from '@/config/venues';
import { telHref } from '@/components/layout/legalLinks';

type Props = { venue: VenueConfig; limit: number; reached: boolean };

/**
 * Past the venue's limit: the spec's message, and where a group books instead (phone or online).
 * A polite live region that is always in the page, so the message is read out when it appears
 * after the click that caused it, without cutting off what the screen reader was saying.
 */
export function SeatLimitMessage({ venue, limit, reached }: Props) {
  const { supportPhone, region, groupBookingUrl } = venue.settings;
  return (
    <div role="status">
      {reached ? (
        <>
          <p>
            <FormattedMessage id="seats.limit" values={{ seatSelectionLimit: limit }} />
          </p>
          <p>
            <FormattedMessage
              id="seats.groupBooking"
              values={{ phone: <a href={telHref(supportPhone, region)}>{supportPhone}</a> }}
            />
            {groupBookingUrl === undefined ? null : (
              <>
                {' '}
                <a href={groupBookingUrl}>
                  <FormattedMessage id="seats.groupBookingOnline" />
                </a>
              </>
            )}
          </p>
        </>
      ) : null}
    </div>
  );
}
