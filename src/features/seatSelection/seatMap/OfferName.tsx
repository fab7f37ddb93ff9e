import { FormattedMessage, useIntl } from 'react-intl';
import type { SeatStatus } from '@contract/api/holds';
import { formatMoney } from '@/i18n/format';

type Offer = SeatStatus['offers'][number];

/** An offer as the key and the offers panel name it: "VIP lounge · $150 extra per ticket". */
export function OfferName({ offer, currency }: { offer: Offer; currency: SeatStatus['currency'] }) {
  const intl = useIntl();
  return (
    <>
      <strong>{offer.name}</strong>
      {offer.extraAmount === null ? null : (
        <>
          {' · '}
          <FormattedMessage
            id="tickets.offers.extra"
            values={{
              price: formatMoney(intl, { amount: offer.extraAmount, currency }),
            }}
          />
        </>
      )}
    </>
  );
}
