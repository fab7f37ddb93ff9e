import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { SeatStatus } from '@contract/api/holds';
import { formatMoney } from '@/i18n/format';
import type { MessageId } from '@/i18n/messageIds';
import { SEAT_FLAGS } from '@contract/api/constants';
import { OfferName } from './OfferName';
import { SEAT_FLAG_NAMES, type SeatFlagName, type SeatMapModel } from './model';
import { seatColours, type SeatColours } from './seatColours';

const FLAG_LEGEND_IDS: Record<SeatFlagName, MessageId> = {
  restrictedView: 'seatMap.legend.restrictedView',
  wheelchair: 'seatMap.legend.wheelchair',
  companion: 'seatMap.legend.companion',
  accessZone: 'seatMap.legend.accessZone',
  amex: 'seatMap.legend.amex',
};

type SwatchKind = 'available' | 'selected' | 'unavailable' | SeatFlagName;

type Offer = SeatStatus['offers'][number];

/** Seats only a signed-in Access member may hold (issue 14; the server refuses anyone else). */
const ACCESS_FLAGS: readonly SeatFlagName[] = ['wheelchair', 'companion', 'accessZone'];

/**
 * The key to the picture: each price band in its colour with its all-in price, then selected
 * and unavailable seats, then the marks for seat types the plan has (an American Express block
 * comes with the note that those seats need an American Express card). Swatches are drawn the way
 * the canvas draws seats, so shape as well as colour matches. The performance's offers are told
 * here rather than in a block above the plan: seats set aside for someone (wheelchair users,
 * access needs, American Express cardholders) beside their mark, packages beneath the key.
 */
type LegendProps = {
  model: SeatMapModel;
  offers?: Offer[];
  /** Venue flag shouldShowFaceValue: each band's face value beside its all-in price. */
  showFaceValue?: boolean;
  /**
   * Venue flag isSingleLinePriceOption: the bands are a price list, one line each with the name
   * at the start and the price (and face value) at the end, instead of tiles.
   */
  singleLine?: boolean;
};

export function SeatLegend({
  model,
  offers = [],
  showFaceValue = false,
  singleLine = false,
}: LegendProps) {
  const intl = useIntl();
  const theme = useTheme();
  const headingId = useId();
  const colours = useMemo(
    () => seatColours(theme, model.bands.length),
    [theme, model.bands.length],
  );
  const present = useMemo(() => {
    let all = 0;
    for (let i = 0; i < model.count; i += 1) all |= model.flags[i]!;
    return SEAT_FLAG_NAMES.filter((flag) => (all & SEAT_FLAGS[flag]) !== 0);
  }, [model]);
  const offerFor = (flag: SeatFlagName) => offers.find((offer) => offer.type === flag);
  const otherOffers = offers.filter(
    (offer) => !present.some((flag) => (flag as string) === offer.type),
  );
  const offersHeadingId = useId();
  const money = (amount: number) => formatMoney(intl, { amount, currency: model.currency });
  /**
   * The face value of the band's price: that of its cheapest option, the one the all-in price
   * shown is (seat_all_in_price). The API sends face values only where the venue shows them.
   */
  const faceValueText = (band: string) => {
    if (!showFaceValue) return null;
    const cheapest = model.priceOptions
      .filter((option) => option.band === band)
      .reduce<SeatStatus['priceOptions'][number] | null>(
        (best, option) => (best === null || option.price < best.price ? option : best),
        null,
      );
    if (cheapest?.faceValue == null) return null;
    return (
      <Detail>
        <FormattedMessage
          id="seatMap.legend.faceValue"
          values={{ faceValue: money(cheapest.faceValue) }}
        />
      </Detail>
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId}>
        <FormattedMessage id="seatMap.legend.heading" />
      </Heading>
      {singleLine ? (
        <PriceList>
          {model.bands.map((band, index) => (
            <li key={band.code}>
              <Swatch kind="available" fill={colours.bands[index]!} colours={colours} />
              <BandName>{band.name}</BandName>
              <BandPrice>
                {band.price === null ? (
                  <FormattedMessage id="seatMap.legend.notOnSale" />
                ) : (
                  money(band.price)
                )}
                {faceValueText(band.code)}
              </BandPrice>
            </li>
          ))}
        </PriceList>
      ) : null}
      <Items>
        {singleLine
          ? null
          : model.bands.map((band, index) => (
              <li key={band.code}>
                <Swatch kind="available" fill={colours.bands[index]!} colours={colours} />
                <span>
                  {band.price === null ? (
                    <FormattedMessage
                      id="seatMap.legend.bandNotOnSale"
                      values={{ band: band.name }}
                    />
                  ) : (
                    <FormattedMessage
                      id="seatMap.legend.band"
                      values={{ band: band.name, price: money(band.price) }}
                    />
                  )}
                  {faceValueText(band.code)}
                </span>
              </li>
            ))}
        <li>
          <Swatch kind="selected" fill={colours.selected} colours={colours} />
          <FormattedMessage id="seatMap.legend.selected" />
        </li>
        <li>
          <Swatch kind="unavailable" fill={colours.unavailable} colours={colours} />
          <FormattedMessage id="seatMap.legend.unavailable" />
        </li>
        {present.map((flag) => (
          <li key={flag}>
            <Swatch kind={flag} fill={colours.bands[0]!} colours={colours} />
            <span>
              <FormattedMessage id={FLAG_LEGEND_IDS[flag]} />
              {offerFor(flag) === undefined ? null : <Detail>{offerFor(flag)!.description}</Detail>}
            </span>
          </li>
        ))}
      </Items>
      <Note>
        <FormattedMessage id="seatMap.legend.allInPrices" />
      </Note>
      {present.some((flag) => ACCESS_FLAGS.includes(flag)) && (
        <Note>
          <FormattedMessage id="seatMap.legend.accessNote" />
        </Note>
      )}
      {present.includes('amex') && (
        <Note>
          <FormattedMessage id="seatMap.legend.amexNote" />
        </Note>
      )}
      {otherOffers.length > 0 && (
        <section aria-labelledby={offersHeadingId}>
          <OffersHeading id={offersHeadingId}>
            <FormattedMessage id="tickets.offers.heading" />
          </OffersHeading>
          <Offers>
            {otherOffers.map((offer) => (
              <li key={offer.type}>
                <OfferName offer={offer} currency={model.currency} />
                <Detail>{offer.description}</Detail>
              </li>
            ))}
          </Offers>
        </section>
      )}
    </section>
  );
}

/** One seat as the canvas draws it close in (see drawSeats.ts), 20 CSS px across. */
function Swatch({ kind, fill, colours }: { kind: SwatchKind; fill: string; colours: SeatColours }) {
  const mark = { stroke: colours.mark, strokeWidth: 1.6, strokeLinecap: 'round' as const };
  return (
    <svg width="20" height="20" viewBox="-10 -10 20 20" aria-hidden="true" focusable="false">
      {kind === 'selected' && (
        <circle r="9" fill="none" stroke={colours.selected} strokeWidth="1.6" />
      )}
      {kind === 'wheelchair' ? (
        <rect x="-6" y="-6" width="12" height="12" fill={fill} />
      ) : (
        <circle r={kind === 'unavailable' ? 4 : kind === 'selected' ? 6 : 6.5} fill={fill} />
      )}
      {kind === 'selected' && <path d="M-3.3 0 L-0.8 2.6 L3.3 -2.2" fill="none" {...mark} />}
      {kind === 'unavailable' && <path d="M-1.8 -1.8 L1.8 1.8 M1.8 -1.8 L-1.8 1.8" {...mark} />}
      {kind === 'restrictedView' && <path d="M-3.9 3.9 L3.9 -3.9" {...mark} />}
      {kind === 'accessZone' && <circle r="1.7" fill={colours.mark} />}
      {kind === 'companion' && (
        <rect x="-3.6" y="-0.8" width="7.2" height="1.6" fill={colours.mark} />
      )}
      {kind === 'amex' && <path d="M0 -2.6 L2.6 0 L0 2.6 L-2.6 0 Z" fill={colours.mark} />}
    </svg>
  );
}

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.large};
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
`;

const Items = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space[1]}px ${({ theme }) => theme.space[4]}px;

  li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space[2]}px;
  }

  svg {
    flex: none;
    margin-top: 2px;
  }
`;

/** isSingleLinePriceOption: one band a line, name first, price at the end. */
const PriceList = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space[2]}px;
  padding: 0;

  li {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space[2]}px;
    padding: ${({ theme }) => theme.space[1]}px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
  }

  svg {
    flex: none;
    align-self: center;
  }
`;

const BandName = styled.span`
  flex: 1;
`;

const BandPrice = styled.span`
  text-align: end;
  font-variant-numeric: tabular-nums;
`;

/** An offer's description under the line it belongs to. */
const Detail = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const OffersHeading = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.body};
  margin: ${({ theme }) => theme.space[3]}px 0 ${({ theme }) => theme.space[2]}px;
`;

const Offers = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
    border-left: 4px solid ${({ theme }) => theme.colors.accentText};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.small};
  color: ${({ theme }) => theme.colors.textMuted};
`;
