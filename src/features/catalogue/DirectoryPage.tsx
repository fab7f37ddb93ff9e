import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { CmsRoot } from '@contract/api/content';
import type { Region } from '@contract/regions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { ShowList } from '@/components/ShowList';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { listVenues } from '@/config/venues';
import { loadRequested, selectCmsRegion } from '@/features/catalogue/cmsSlice';

/** "What's on": every venue with its shows, from each region's CMS root, loaded side by side. */
export default function DirectoryPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const regions = useMemo(
    () => [...new Set(listVenues().map((venue) => venue.settings.region))],
    [],
  );
  useDocumentTitle(intl.formatMessage({ id: 'directory.heading' }));

  useEffect(() => {
    for (const region of regions) dispatch(loadRequested({ region }));
  }, [dispatch, regions]);

  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="directory.intro" />}>
        <FormattedMessage id="directory.heading" />
      </PageHeading>
      {regions.map((region) => (
        <RegionSection key={region} region={region} />
      ))}
    </section>
  );
}

function RegionSection({ region }: { region: Region }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector((root) => selectCmsRegion(root, region));
  const headingId = `region-${region}`;
  const regionName = <FormattedMessage id={`directory.region.${region}`} />;
  return (
    <Region aria-labelledby={headingId}>
      <h2 id={headingId}>{regionName}</h2>
      {state.status === 'failed' ? (
        // One region failing must not hide the others: the error stays inside its section.
        <InlineError role="alert">
          <p>
            <FormattedMessage id="directory.region.error" values={{ region: regionName }} />
          </p>
          <button type="button" onClick={() => dispatch(loadRequested({ region }))}>
            <FormattedMessage id="common.retry" />
          </button>
        </InlineError>
      ) : state.data === null ? (
        <LoadingBlock minHeight="12rem" />
      ) : (
        <RegionVenues root={state.data} />
      )}
    </Region>
  );
}

function RegionVenues({ root }: { root: CmsRoot }) {
  const paths = usePaths();
  return (
    <>
      {root.venues.map((venue) => {
        const shows = root.shows.filter((show) => show.venueSlug === venue.slug);
        const headingId = `venue-${venue.slug}`;
        return (
          <Venue key={venue.slug} aria-labelledby={headingId}>
            <h3 id={headingId}>
              {paths.hasVenuePages ? (
                <Link to={paths.venuePath(venue.slug)}>{venue.name}</Link>
              ) : (
                venue.name
              )}
            </h3>
            <p>{venue.city}</p>
            <ShowList shows={shows} venue={venue} headingLevel="h4" />
          </Venue>
        );
      })}
    </>
  );
}

const Region = styled.section`
  margin-block-end: ${({ theme }) => theme.space[7]}px;
`;

const Venue = styled.section`
  margin-block-end: ${({ theme }) => theme.space[6]}px;
`;

const InlineError = styled.div`
  padding: ${({ theme }) => theme.space[4]}px;
  border-inline-start: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};

  button {
    min-height: ${({ theme }) => theme.minTarget};
  }
`;
