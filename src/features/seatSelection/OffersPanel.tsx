import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import type { SeatStatus } from '@contract/api/holds';
import { OfferName } from './seatMap/OfferName';

type Props = { seatStatus: SeatStatus };

/**
 * The show's offers beside the choice (spec §3 offer types): what a package adds per ticket, and
 * which seats are set aside for whom — American Express seats say they need that card to pay.
 */
export function OffersPanel({ seatStatus }: Props) {
  if (seatStatus.offers.length === 0) return null;
  return (
    <Panel aria-labelledby="offers-heading">
      <h2 id="offers-heading">
        <FormattedMessage id="tickets.offers.heading" />
      </h2>
      <ul>
        {seatStatus.offers.map((offer) => (
          <li key={offer.type}>
            <OfferName offer={offer} currency={seatStatus.currency} />
            <p>{offer.description}</p>
            {offer.type === 'amex' ? (
              <p>
                <FormattedMessage id="seatMap.legend.amexNote" />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const Panel = styled.section`
  margin: ${({ theme }) => theme.space[5]}px 0;

  h2 {
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }

  ul {
    display: grid;
    gap: ${({ theme }) => theme.space[3]}px;
    padding: 0;
    list-style: none;
  }

  li {
    padding: ${({ theme }) => theme.space[3]}px;
    border-left: 4px solid ${({ theme }) => theme.colors.accentText};
    background: ${({ theme }) => theme.colors.surface};
  }

  p {
    margin: ${({ theme }) => theme.space[1]}px 0 0;
  }
`;
