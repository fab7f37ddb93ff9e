import { FormattedMessage } from 'react-intl';
import type { VenueConfig } from '@/config/venues';
import { telHref } from '@/components/layout/legalLinks';

type Props = { venue: VenueConfig; limit: number };

/** Past the venue's limit: the spec's message, and where a group books instead (phone or online). */
export function SeatLimitMessage({ venue, limit }: Props) {
  const { supportPhone, region, groupBookingUrl } = venue.settings;
  return (
    <div role="alert">
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
    </div>
  );
}
