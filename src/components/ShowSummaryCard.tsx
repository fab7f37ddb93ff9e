import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ShowSummary } from '@contract/api/content';
import { formatMoney } from '@/i18n/format';

/** A calendar day in the venue's own time zone, whatever zone the page around it uses. */
export function formatVenueDay(intl: IntlShape, instant: string, timeZone: string): string {
  return intl.formatDate(instant, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
}

type Props = {
  show: ShowSummary;
  timeZone: string;
  href: string;
  headingLevel: 'h2' | 'h3' | 'h4';
  /** Where it is on ("The Lumen Theatre, London"), when the list mixes venues. */
  venueLine?: string;
  /**
   * Posters in the first screen load at once; the rest wait until scrolled near (the width and
   * height attributes hold their place either way, so nothing shifts as they arrive).
   */
  imageLoading?: 'eager' | 'lazy';
};

/**
 * One show in a grid: poster, title (the link, which the whole card answers to), where, dates
 * and the all-in from-price. Below 36em the poster sits beside the text, so a phone shows
 * several shows a screen rather than one poster.
 */
export function ShowSummaryCard({
  show,
  timeZone,
  href,
  headingLevel,
  venueLine,
  imageLoading = 'lazy',
}: Props) {
  const intl = useIntl();
  return (
    <Card>
      <Poster
        src={show.image.src}
        alt={show.image.alt}
        width={show.image.width}
        height={show.image.height}
        loading={imageLoading}
        // A first-screen poster is the page's largest paint: ask for it first, paint it at once.
        fetchPriority={imageLoading === 'eager' ? 'high' : 'auto'}
        decoding={imageLoading === 'eager' ? 'auto' : 'async'}
      />
      <Body>
        <Title as={headingLevel}>
          <CardLink to={href}>{show.title}</CardLink>
        </Title>
        {venueLine !== undefined && <Venue>{venueLine}</Venue>}
        <Strapline>{show.strapline}</Strapline>
        <Fact>
          {show.firstPerformance !== null && show.lastPerformance !== null ? (
            <FormattedMessage
              id="common.dateRange"
              values={{
                first: formatVenueDay(intl, show.firstPerformance, timeZone),
                last: formatVenueDay(intl, show.lastPerformance, timeZone),
              }}
            />
          ) : (
            <FormattedMessage id="common.datesTba" />
          )}
        </Fact>
        {show.fromPrice !== null && (
          <Price>
            <FormattedMessage
              id="common.fromPrice"
              values={{ price: formatMoney(intl, show.fromPrice) }}
            />
          </Price>
        )}
      </Body>
    </Card>
  );
}

const Card = styled.li`
  position: relative;
  display: grid;
  grid-template-columns: 6rem 1fr;
  gap: ${({ theme }) => theme.space[3]}px;
  align-items: start;
  list-style: none;
  padding: ${({ theme }) => theme.space[3]}px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.background};

  &:hover {
    border-color: ${({ theme }) => theme.colors.border};
  }

  /* The link's focus ring is drawn round the whole card, the area it answers to. */
  &:has(:focus-visible) {
    outline: ${({ theme }) => `${theme.focusRingWidth} solid ${theme.colors.focusRing}`};
    outline-offset: 2px;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
    padding: 0;
    overflow: hidden;
  }
`;

const Poster = styled.img`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 2 / 3;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  /* In the grid a landscape cut of the poster's centre: four shows a row stay in one screen. */
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    aspect-ratio: 4 / 3;
    /* The demo posters draw their subject in the upper half, above the printed title. */
    object-position: 50% 25%;
    border-radius: 0;
  }
`;

const Body = styled.div`
  min-width: 0;

  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => `0 ${theme.space[4]}px ${theme.space[4]}px`};
  }
`;

const Title = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space[1]}px;
  font-size: ${({ theme }) => theme.fontSizes.h3};
  line-height: ${({ theme }) => theme.lineHeights.heading};
`;

/** The title link stretched over the card, so the poster and the facts are one target. */
const CardLink = styled(Link)`
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }

  &:focus-visible {
    outline: none;
  }
`;

const Venue = styled.p`
  margin: 0;
  font-weight: 600;
`;

const Strapline = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0;
  color: ${({ theme }) => theme.colors.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Fact = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const Price = styled.p`
  margin: ${({ theme }) => theme.space[1]}px 0 0;
  font-weight: 700;
`;
