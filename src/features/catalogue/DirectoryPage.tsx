import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { CmsRoot } from '@contract/api/content';
import { REGIONS, type Region } from '@contract/regions';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { usePaths } from '@/config/usePaths';
import { CardList } from '@/components/CardList';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PageHeading } from '@/components/PageHeading';
import { ShowSummaryCard } from '@/components/ShowSummaryCard';
import { useDocumentTitle } from '@/components/useDocumentTitle';
import { listVenues, type VenueConfig } from '@/config/venues';
import { loadRequested, selectCmsRegions } from '@/features/catalogue/cmsSlice';
import { DirectoryFilterForm, type PlaceOptions } from './components/DirectoryFilterForm';
import {
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  matchesFilters,
  regionCountry,
  regionsFor,
  venueToday,
  type Country,
  type DirectoryFilters,
  type Listing,
  type Places,
} from './directoryFilters';

/** Cards in the first screen of a laptop (one row of four): their posters load at once. */
const EAGER_POSTERS = 4;

/** The venues, regions and cities to filter by, in the buyer's order, from the venue registry. */
function usePlaces(locale: string): { places: Places; options: PlaceOptions } {
  return useMemo(() => {
    const venues = listVenues();
    const regions = regionsFor(
      locale,
      REGIONS.filter((region) => venues.some((venue) => venue.settings.region === region)),
    );
    const inRegion = (region: Region) => venues.filter((v) => v.settings.region === region);
    const options: PlaceOptions = {
      regions: regions.map((region) => ({
        region,
        cities: [...new Set(inRegion(region).map((venue) => venue.settings.city))].sort(),
      })),
      venues: regions.flatMap(inRegion).map(({ settings }) => ({
        slug: settings.slug,
        name: settings.name,
      })),
    };
    const places: Places = {
      regions,
      cities: options.regions.flatMap(({ region, cities }) =>
        cities.map((city) => ({ region, city })),
      ),
      venueSlugs: options.venues.map((venue) => venue.slug),
    };
    return { places, options };
  }, [locale]);
}

/**
 * The filters, read from the address on arrival (a shared or reloaded link) and written back as
 * the buyer changes them. Written with history.replaceState, not a router navigation: each
 * navigation is a new page to the frame, which moves focus to the <h1> and would pull it out of
 * the search box at every keystroke. A real navigation to `/` (the logo) reads them afresh.
 */
function useAddressFilters(places: Places) {
  const location = useLocation();
  const [filters, setFilters] = useState(() =>
    filtersFromSearch(new URLSearchParams(location.search), places),
  );
  const [readFor, setReadFor] = useState(location.key);
  if (readFor !== location.key) {
    setReadFor(location.key);
    setFilters(filtersFromSearch(new URLSearchParams(location.search), places));
  }
  const change = useCallback(
    (next: DirectoryFilters) => {
      setFilters(next);
      const query = filtersToSearch(next).toString();
      const url = `${location.pathname}${query === '' ? '' : `?${query}`}${location.hash}`;
      try {
        window.history.replaceState(window.history.state, '', url);
      } catch {
        // Browsers refuse bursts of history writes (Safari: 100 in 30 s); the list is already
        // filtered, and the next change writes the address again.
      }
    },
    [location.hash, location.pathname],
  );
  return [filters, change] as const;
}

/** "What's on": every show at every venue as a grid of cards, the buyer's own country first. */
export default function DirectoryPage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { places, options } = usePlaces(intl.locale);
  const [filters, setFilters] = useAddressFilters(places);
  useDocumentTitle(intl.formatMessage({ id: 'directory.heading' }));

  useEffect(() => {
    for (const region of places.regions) dispatch(loadRequested({ region }));
  }, [dispatch, places.regions]);

  const shownRegions = places.regions.filter(
    (region) => filters.where === '' || filters.where.split('/')[0] === region,
  );
  const byRegion = useAppSelector(selectCmsRegions);
  const now = useMemo(() => new Date(), []);
  const results: RegionResult[] = shownRegions.map((region) => {
    const read = byRegion[region];
    const failed = read?.status === 'failed';
    const listings =
      failed || read?.data == null
        ? null
        : listingsOf(read.data, region).filter((listing) => matchesFilters(listing, filters, now));
    return { region, failed, listings };
  });
  const settled = results.every((result) => result.listings !== null || result.failed);
  const count = results.reduce((sum, result) => sum + (result.listings?.length ?? 0), 0);
  // A buyer thinks in countries, not booking regions: one grid per country, own country first.
  const countries = [...new Set(results.map(({ region }) => regionCountry(region)))].map(
    (country) => ({
      country,
      results: results.filter(({ region }) => regionCountry(region) === country),
    }),
  );
  // Where each country's cards start in the page, so only the first screen's posters load at once.
  const firstIndexes = countries.map((_, index) =>
    countries
      .slice(0, index)
      .flatMap((group) => group.results)
      .reduce((sum, result) => sum + (result.listings?.length ?? 0), 0),
  );

  return (
    <section>
      <PageHeading subheading={<FormattedMessage id="directory.intro" />}>
        <FormattedMessage id="directory.heading" />
      </PageHeading>
      <DirectoryFilterForm
        filters={filters}
        options={options}
        minDate={venueToday(now, intl.timeZone ?? 'UTC')}
        onChange={setFilters}
      />
      <ResultsLine>
        <Count role="status">
          {settled && <FormattedMessage id="directory.results.count" values={{ count }} />}
        </Count>
        <FormattedMessage id="directory.results.allIn" />
      </ResultsLine>
      {settled && count === 0 && hasFilters(filters) && (
        <p>
          <FormattedMessage id="directory.results.none" />
        </p>
      )}
      {countries.map(({ country, results: inCountry }, index) =>
        inCountry.every(({ listings }) => listings !== null && listings.length === 0) ? null : (
          <CountrySection
            key={country}
            country={country}
            results={inCountry}
            firstIndex={firstIndexes[index] ?? 0}
          />
        ),
      )}
      <VenueDirectory regions={places.regions} />
    </section>
  );
}

interface RegionResult {
  region: Region;
  failed: boolean;
  /** The region's shows that pass the filters; null until it has loaded (or when it failed). */
  listings: Listing[] | null;
}

/**
 * One country's shows in one grid. Each region loads on its own: one still loading holds a
 * placeholder, one that failed says so with a retry, and neither hides the shows that arrived.
 */
function CountrySection({
  country,
  results,
  firstIndex,
}: {
  country: Country;
  results: RegionResult[];
  firstIndex: number;
}) {
  const dispatch = useAppDispatch();
  const headingId = `country-${country}`;
  const listings = results.flatMap((result) => result.listings ?? []);
  return (
    <Section aria-labelledby={headingId}>
      <h2 id={headingId}>
        <FormattedMessage id={`directory.country.${country}`} />
      </h2>
      {results
        .filter((result) => result.failed)
        .map(({ region }) => (
          <InlineError key={region} role="alert">
            <p>
              <FormattedMessage
                id="directory.region.error"
                values={{ region: <FormattedMessage id={`directory.region.${region}`} /> }}
              />
            </p>
            <button type="button" onClick={() => dispatch(loadRequested({ region }))}>
              <FormattedMessage id="common.retry" />
            </button>
          </InlineError>
        ))}
      {listings.length > 0 && <ShowGrid listings={listings} firstIndex={firstIndex} />}
      {results.some((result) => result.listings === null && !result.failed) && (
        <LoadingBlock minHeight="24rem" />
      )}
    </Section>
  );
}

function listingsOf(root: CmsRoot, region: Region): Listing[] {
  return root.shows.flatMap((show) => {
    const venue = root.venues.find((candidate) => candidate.slug === show.venueSlug);
    return venue === undefined ? [] : [{ show, venue, region }];
  });
}

function ShowGrid({ listings, firstIndex }: { listings: Listing[]; firstIndex: number }) {
  const intl = useIntl();
  const paths = usePaths();
  return (
    <CardList>
      {listings.map(({ show, venue }, index) => (
        <ShowSummaryCard
          key={`${venue.slug}/${show.titleSlug}`}
          show={show}
          timeZone={venue.timezone}
          href={paths.showPath(show.titleSlug, venue.slug)}
          headingLevel="h3"
          venueLine={intl.formatMessage(
            { id: 'showPage.venue' },
            { venueName: venue.name, city: venue.city },
          )}
          imageLoading={firstIndex + index < EAGER_POSTERS ? 'eager' : 'lazy'}
        />
      ))}
    </CardList>
  );
}

/** Every venue, the buyer's country first: each one's own page where the mode has them. */
function VenueDirectory({ regions }: { regions: readonly Region[] }) {
  const paths = usePaths();
  const venues: VenueConfig[] = regions.flatMap((region) =>
    listVenues().filter((venue) => venue.settings.region === region),
  );
  return (
    <Section aria-labelledby="directory-venues">
      <h2 id="directory-venues">
        <FormattedMessage id="directory.venues.heading" />
      </h2>
      <VenueList>
        {venues.map(({ settings }) => (
          <li key={settings.slug}>
            {paths.hasVenuePages ? (
              <Link to={paths.venuePath(settings.slug)}>{settings.name}</Link>
            ) : (
              <span>{settings.name}</span>
            )}
            <City>{settings.city}</City>
          </li>
        ))}
      </VenueList>
    </Section>
  );
}

const ResultsLine = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => `${theme.space[1]}px ${theme.space[4]}px`};
  align-items: baseline;
  margin-block-end: ${({ theme }) => theme.space[4]}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Count = styled.p`
  margin: 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.text};
`;

const Section = styled.section`
  margin-block-end: ${({ theme }) => theme.space[7]}px;
`;

const VenueList = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 10rem), 1fr));
  gap: ${({ theme }) => theme.space[3]}px;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => theme.space[3]}px;
    border: 1px solid ${({ theme }) => theme.colors.divider};
    border-radius: ${({ theme }) => theme.radius};
  }

  a,
  span {
    font-weight: 600;
  }
`;

const City = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const InlineError = styled.div`
  padding: ${({ theme }) => theme.space[4]}px;
  border-inline-start: 4px solid ${({ theme }) => theme.colors.error};
  background: ${({ theme }) => theme.colors.errorSurface};

  button {
    min-height: ${({ theme }) => theme.minTarget};
  }
`;
