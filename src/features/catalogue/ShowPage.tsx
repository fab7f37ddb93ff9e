import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled, { css } from 'styled-components';
import type { PerformanceSummary, ShowContent } from '@contract/api/content';
import { usePaths } from '@/config/usePaths';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { formatVenueDay } from '@/components/ShowSummaryCard';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getVenue } from '@/config/venues';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { useVariation } from '@/features/experiments/useVariation';
import { formatMoney, venueCalendarDate } from '@/i18n/format';
import { useShowContent } from './useShowContent';

/** A show at one venue: what it is, who it suits, and the way into the calendar. */
export default function ShowPage() {
  const target = useRequiredRouteTarget();
  const { show, isCurrent, retry } = useShowContent(target);
  if (isCurrent && show.status === 'failed')
    return <LoadFailure error={show.error} onRetry={retry} />;
  if (!isCurrent || show.data === null) return <LoadingBlock minHeight="40rem" />;
  return <ShowDetails content={show.data} />;
}

function formatDuration(intl: IntlShape, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return intl.formatMessage({ id: 'showPage.duration.minutes' }, { minutes });
  if (minutes === 0) return intl.formatMessage({ id: 'showPage.duration.hours' }, { hours });
  return intl.formatMessage({ id: 'showPage.duration.hoursMinutes' }, { hours, minutes });
}

/** Venue-local date and time: a New York show reads in New York time to a buyer in London. */
function formatVenueDateTime(intl: IntlShape, instant: string, timeZone: string): string {
  const date = intl.formatDate(instant, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = intl.formatTime(instant, { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${date}, ${time}`;
}

function ShowDetails({ content }: { content: ShowContent }) {
  const intl = useIntl();
  const paths = usePaths();
  const cta = useVariation('showCta');
  const venue = content.venue;
  const hideAvailability = getVenue(venue.slug)?.settings.flags.hideAvailabilityIndicators ?? false;
  const image = content.images[0];
  const { performances } = content;
  useDocumentTitle(
    intl.formatMessage(
      { id: 'showPage.title' },
      { showTitle: content.title, venueName: venue.name },
    ),
  );

  const venueLine = intl.formatMessage(
    { id: 'showPage.venue' },
    { venueName: venue.name, city: venue.city },
  );
  const calendarPath = paths.calendarPath(content.titleSlug, venue.slug);
  return (
    <article>
      <PageHeading subheading={content.strapline}>{content.title}</PageHeading>
      <Top>
        {image !== undefined && (
          <Poster
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            fetchPriority="high"
          />
        )}
        <Lead>
          <VenueLine>
            {paths.hasVenuePages ? (
              <Link to={paths.venuePath(venue.slug)}>{venueLine}</Link>
            ) : (
              venueLine
            )}
          </VenueLine>
          <p>
            <FormattedMessage
              id="showPage.performances.count"
              values={{ count: performances.count }}
            />
            {performances.first !== null && performances.last !== null && (
              <>
                {' · '}
                <FormattedMessage
                  id="common.dateRange"
                  values={{
                    first: formatVenueDay(intl, performances.first, venue.timezone),
                    last: formatVenueDay(intl, performances.last, venue.timezone),
                  }}
                />
              </>
            )}
          </p>
          {performances.fromPrice !== null && (
            <Price>
              <FormattedMessage
                id="showPage.performances.fromPrice"
                values={{ price: formatMoney(intl, performances.fromPrice) }}
              />
            </Price>
          )}
        </Lead>
        {performances.count > 0 && (
          <Cta>
            <PrimaryButton as={Link} to={calendarPath}>
              <FormattedMessage id={cta === 'book' ? 'showPage.cta.book' : 'showPage.cta.choose'} />
            </PrimaryButton>
          </Cta>
        )}
        <KeyFacts aria-labelledby="show-information">
          <h2 id="show-information">
            <FormattedMessage id="showPage.details.heading" />
          </h2>
          <Facts>
            <div>
              <dt>
                <FormattedMessage id="showPage.runningTime.heading" />
              </dt>
              <dd>
                <FormattedMessage
                  id="showPage.runningTime.value"
                  values={{
                    duration: formatDuration(intl, content.runningTimeMinutes),
                    intervals: content.intervals,
                  }}
                />
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="showPage.age.heading" />
              </dt>
              <dd>{content.ageGuidance}</dd>
            </div>
          </Facts>
        </KeyFacts>
      </Top>

      {performances.upcoming.length > 0 && (
        <section aria-labelledby="show-performances">
          <h2 id="show-performances">
            <FormattedMessage id="showPage.upcoming.heading" />
          </h2>
          <Performances>
            {performances.upcoming.map((performance) => (
              <li key={performance.id}>
                <PerformanceRow
                  performance={performance}
                  when={formatVenueDateTime(intl, performance.startsAt, venue.timezone)}
                  hideAvailability={hideAvailability}
                  bookPath={paths.ticketsPath(content.titleSlug, venue.slug, performance.id)}
                  // A presale needs its code, which the calendar asks for; the day is marked there.
                  presalePath={paths.calendarPath(
                    content.titleSlug,
                    venue.slug,
                    venueCalendarDate(intl, performance.startsAt),
                  )}
                />
              </li>
            ))}
          </Performances>
          {performances.count > performances.upcoming.length && (
            <p>
              <Link to={calendarPath}>
                <FormattedMessage
                  id="showPage.upcoming.allDates"
                  values={{ count: performances.count }}
                />
              </Link>
            </p>
          )}
        </section>
      )}

      <section aria-labelledby="show-about">
        <h2 id="show-about">
          <FormattedMessage id="showPage.about.heading" />
        </h2>
        {content.description.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        <h3>
          <FormattedMessage id="showPage.access.heading" />
        </h3>
        <p>{content.accessInformation}</p>
      </section>
    </article>
  );
}

type RowProps = {
  performance: PerformanceSummary;
  when: string;
  hideAvailability: boolean;
  bookPath: string;
  presalePath: string;
};

/**
 * One of the next performances, as the calendar offers it: on sale goes straight to its seats,
 * a presale to the calendar (which asks for the code), and a sold-out one is not a link at all.
 */
function PerformanceRow({ performance, when, hideAvailability, bookPath, presalePath }: RowProps) {
  const soldOut = performance.availability === 'sold-out';
  const status = performance.isPresale ? (
    <FormattedMessage id="showPage.upcoming.presale" />
  ) : soldOut || !hideAvailability ? (
    <FormattedMessage id={`availability.${performance.availability}`} />
  ) : null;
  const body = (
    <>
      <time dateTime={performance.startsAt}>{when}</time>
      {status !== null && <Status $level={performance.availability}>{status}</Status>}
    </>
  );
  if (soldOut) return <SoldOutRow>{body}</SoldOutRow>;
  return <RowLink to={performance.isPresale ? presalePath : bookPath}>{body}</RowLink>;
}

const Top = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 7rem) minmax(0, 1fr);
  grid-template-areas:
    'poster lead'
    'cta cta'
    'facts facts';
  gap: ${({ theme }) => `${theme.space[4]}px ${theme.space[5]}px`};
  align-items: start;
  margin-block-end: ${({ theme }) => theme.space[6]}px;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 16rem) minmax(0, 1fr);
    grid-template-rows: auto auto 1fr;
    grid-template-areas:
      'poster lead'
      'poster cta'
      'poster facts';
  }
`;

const Poster = styled.img`
  grid-area: poster;
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radius};
`;

const Lead = styled.div`
  grid-area: lead;

  p {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
  }
`;

const VenueLine = styled.p`
  font-weight: 600;
`;

const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 700;
`;

const Cta = styled.div`
  grid-area: cta;

  a {
    width: 100%;
  }

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    a {
      width: auto;
    }
  }
`;

const KeyFacts = styled.section`
  grid-area: facts;
  padding: ${({ theme }) => theme.space[4]}px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space[2]}px;
    font-size: ${({ theme }) => theme.fontSizes.h3};
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
  }
`;

const Performances = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  gap: ${({ theme }) => theme.space[2]}px;
  margin: 0 0 ${({ theme }) => theme.space[4]}px;
  padding: 0;
  list-style: none;
`;

const rowStyles = css`
  display: flex;
  flex-direction: column;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1]}px;
  min-height: ${({ theme }) => theme.minTarget};
  padding: ${({ theme }) => `${theme.space[2]}px ${theme.space[3]}px`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
`;

const RowLink = styled(Link)`
  ${rowStyles}
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  time {
    color: ${({ theme }) => theme.colors.accentText};
    font-weight: 600;
    text-decoration: underline;
  }

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const SoldOutRow = styled.div`
  ${rowStyles}
  border-style: dashed;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Status = styled.span<{ $level: PerformanceSummary['availability'] }>`
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: ${({ $level }) => ($level === 'low' ? 700 : 400)};
`;
