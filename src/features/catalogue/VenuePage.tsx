import { useCallback, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { VenueContent } from '@contract/api/content';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useRequiredRouteTarget } from '@/config/useRouteTarget';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { HeroImage } from '@/components/HeroImage';
import { ShowList } from '@/components/ShowList';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { LoadFailure } from '@/components/errors/LoadFailure';
import { loadRequested, selectVenue } from './venueSlice';

/** A venue's own page: about the building, how to get in, and everything on there. */
export default function VenuePage() {
  const { region, venueSlug } = useRequiredRouteTarget();
  const dispatch = useAppDispatch();
  const venue = useAppSelector(selectVenue);
  const retry = useCallback(
    () => void dispatch(loadRequested({ region, venueSlug })),
    [dispatch, region, venueSlug],
  );
  useEffect(retry, [retry]);

  const isCurrent = venue.key === venueSlug;
  if (isCurrent && venue.status === 'failed')
    return <LoadFailure error={venue.error} onRetry={retry} />;
  if (!isCurrent || venue.data === null) return <LoadingBlock minHeight="32rem" />;
  return <VenueDetails content={venue.data} />;
}

function VenueDetails({ content }: { content: VenueContent }) {
  const intl = useIntl();
  useDocumentTitle(content.name);
  return (
    <article>
      <PageHeading
        subheading={
          <>
            <FormattedMessage id={`venue.kind.${content.kind}`} /> · {content.city}
          </>
        }
      >
        {content.name}
      </PageHeading>
      <HeroImage
        src={content.image.src}
        alt={content.image.alt}
        width={content.image.width}
        height={content.image.height}
      />
      {content.description.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}

      <section aria-labelledby="venue-shows">
        <h2 id="venue-shows">
          <FormattedMessage id="venuePage.shows.heading" values={{ venueName: content.name }} />
        </h2>
        <ShowList shows={content.shows} venue={content} headingLevel="h3" />
      </section>

      <section aria-labelledby="venue-address">
        <h2 id="venue-address">
          <FormattedMessage id="venuePage.address.heading" />
        </h2>
        <address>
          {[...content.address.lines, content.address.city, content.address.postcode].map(
            (line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ),
          )}
        </address>
      </section>

      <section aria-labelledby="venue-access">
        <h2 id="venue-access">{intl.formatMessage({ id: 'venuePage.access.heading' })}</h2>
        <p>{content.accessInformation}</p>
      </section>
    </article>
  );
}
