import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { ShowContent } from '@contract/api/content';
import { usePaths } from '@/config/usePaths';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { PrimaryButton } from '@/components/Button';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { formatVenueDay } from '@/components/ShowSummaryCard';
import { HeroImage } from '@/components/HeroImage';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { getVenue } from '@/config/venues';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { useVariation } from '@/features/experiments/useVariation';
import { formatMoney } from '@/i18n/format';
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
  return (
    <article>
      <PageHeading subheading={content.strapline}>{content.title}</PageHeading>
      <p>
        {paths.hasVenuePages ? (
          <Link to={paths.venuePath(venue.slug)}>{venueLine}</Link>
        ) : (
          venueLine
        )}
      </p>
      {image !== undefined && (
        <HeroImage src={image.src} alt={image.alt} width={image.width} height={image.height} />
      )}

      {performances.count > 0 && (
        <PrimaryButton as={Link} to={paths.calendarPath(content.titleSlug, venue.slug)}>
          <FormattedMessage id={cta === 'book' ? 'showPage.cta.book' : 'showPage.cta.choose'} />
        </PrimaryButton>
      )}

      {content.description.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}

      <section aria-labelledby="show-performances">
        <h2 id="show-performances">
          <FormattedMessage id="showPage.performances.heading" />
        </h2>
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
          <p>
            <FormattedMessage
              id="showPage.performances.fromPrice"
              values={{ price: formatMoney(intl, performances.fromPrice) }}
            />
          </p>
        )}
        {performances.upcoming.length > 0 && (
          <>
            <h3>
              <FormattedMessage id="showPage.upcoming.heading" />
            </h3>
            <Performances>
              {performances.upcoming.map((performance) => {
                const when = formatVenueDateTime(intl, performance.startsAt, venue.timezone);
                return (
                  <li key={performance.id}>
                    <time dateTime={performance.startsAt}>{when}</time>
                    {!hideAvailability && (
                      <>
                        {' · '}
                        <FormattedMessage id={`availability.${performance.availability}`} />
                      </>
                    )}
                    {performance.isPresale && (
                      <>
                        {' · '}
                        <FormattedMessage id="showPage.upcoming.presale" />
                      </>
                    )}
                  </li>
                );
              })}
            </Performances>
          </>
        )}
      </section>

      <section aria-labelledby="show-information">
        <h2 id="show-information">
          <FormattedMessage id="showPage.details.heading" />
        </h2>
        <Facts>
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
          <dt>
            <FormattedMessage id="showPage.age.heading" />
          </dt>
          <dd>{content.ageGuidance}</dd>
          <dt>
            <FormattedMessage id="showPage.access.heading" />
          </dt>
          <dd>{content.accessInformation}</dd>
        </Facts>
      </section>
    </article>
  );
}

const Performances = styled.ul`
  padding-inline-start: ${({ theme }) => theme.space[5]}px;
`;

const Facts = styled.dl`
  dt {
    font-weight: 600;
    margin-block-start: ${({ theme }) => theme.space[3]}px;
  }

  dd {
    margin: 0;
  }
`;
