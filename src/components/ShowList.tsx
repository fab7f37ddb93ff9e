import { FormattedMessage } from 'react-intl';
import type { ShowSummary } from '@contract/api/content';
import { usePaths } from '@/config/usePaths';
import { CardList } from './CardList';
import { ShowSummaryCard } from './ShowSummaryCard';

type Props = {
  shows: ShowSummary[];
  venue: { slug: string; timezone: string };
  headingLevel: 'h3' | 'h4';
};

/** What is on at one venue, each show linking to its page; says so when nothing is on. */
export function ShowList({ shows, venue, headingLevel }: Props) {
  const paths = usePaths();
  if (shows.length === 0) {
    return (
      <p>
        <FormattedMessage id="directory.venue.noShows" />
      </p>
    );
  }
  return (
    <CardList>
      {shows.map((show) => (
        <ShowSummaryCard
          key={show.titleSlug}
          show={show}
          timeZone={venue.timezone}
          href={paths.showPath(show.titleSlug, venue.slug)}
          headingLevel={headingLevel}
        />
      ))}
    </CardList>
  );
}
