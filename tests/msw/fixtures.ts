import type {
  CmsRoot,
  QueueSettings,
  ShowContent,
  ShowSummary,
  VenueContent,
  VenueSummary,
} from '@contract/api/content';
import type { Region } from '@contract/regions';
import { listVenues, type VenueConfig } from '@/config/venues';
import { venueSummaryOf } from '@contract/venueSummary';

/**
 * Content the booking API serves for the agreed demo catalogue, typed by the contract so a
 * contract change breaks these fixtures at compile time rather than silently passing.
 */

export const GLASS_ORCHARD_LUMEN_FIRST = '3F2504E0-4F89-11D3-9A0C-0305E82C3301';
export const GLASS_ORCHARD_HUDSON_FIRST = '6BA7B810-9DAD-11D1-80B4-00C04FD430C8';

interface ShowSeed {
  titleSlug: string;
  title: string;
  venueSlug: string;
  seating: ShowSummary['seating'];
  genre: string;
  fromMinor: number;
}

const SHOWS: ShowSeed[] = [
  {
    titleSlug: 'the-glass-orchard',
    title: 'The Glass Orchard',
    venueSlug: 'lumen-theatre',
    seating: 'reserved',
    genre: 'drama',
    fromMinor: 2500,
  },
  {
    titleSlug: 'echoes-of-avalon',
    title: 'Echoes of Avalon',
    venueSlug: 'lumen-theatre',
    seating: 'reserved',
    genre: 'musical',
    fromMinor: 3250,
  },
  {
    titleSlug: 'the-mill-girls',
    title: 'The Mill Girls',
    venueSlug: 'northern-playhouse',
    seating: 'reserved',
    genre: 'musical',
    fromMinor: 2000,
  },
  {
    titleSlug: 'fog-city-follies',
    title: 'Fog City Follies',
    venueSlug: 'golden-gate-playhouse',
    seating: 'reserved',
    genre: 'musical',
    fromMinor: 4900,
  },
  {
    titleSlug: 'the-glass-orchard',
    title: 'The Glass Orchard',
    venueSlug: 'hudson-stage',
    seating: 'reserved',
    genre: 'drama',
    fromMinor: 5900,
  },
  {
    titleSlug: 'harbor-lights-live',
    title: 'Harbor Lights Live',
    venueSlug: 'harbor-arena',
    seating: 'reserved',
    genre: 'concert',
    fromMinor: 7500,
  },
  {
    titleSlug: 'neon-lowlands',
    title: 'Neon Lowlands',
    venueSlug: 'motor-city-music-hall',
    seating: 'general-admission',
    genre: 'concert',
    fromMinor: 3500,
  },
  {
    titleSlug: 'texas-two-step',
    title: 'Texas Two-Step',
    venueSlug: 'lone-star-theater',
    seating: 'reserved',
    genre: 'musical',
    fromMinor: 4500,
  },
  {
    titleSlug: 'swamp-after-dark',
    title: 'Swamp After Dark',
    venueSlug: 'bayou-discovery',
    seating: 'timed-entry',
    genre: 'attraction',
    fromMinor: 2900,
  },
];

function venueConfig(slug: string): VenueConfig {
  const venue = listVenues().find((candidate) => candidate.settings.slug === slug);
  if (venue === undefined) throw new Error(`Fixture venue ${slug} is not in venues/`);
  return venue;
}

export function venueSummary(slug: string): VenueSummary {
  return venueSummaryOf(venueConfig(slug).settings);
}

function image(slug: string, alt: string) {
  return { src: `/images/shows/${slug}.jpg`, alt, width: 1200, height: 675 };
}

export function showSummary(seed: ShowSeed): ShowSummary {
  return {
    titleSlug: seed.titleSlug,
    title: seed.title,
    venueSlug: seed.venueSlug,
    strapline: `${seed.title}: a ${seed.genre} not to miss`,
    image: image(seed.titleSlug, `Poster for ${seed.title}`),
    seating: seed.seating,
    fromPrice: { amount: seed.fromMinor, currency: venueSummary(seed.venueSlug).currency },
    firstPerformance: '2026-03-13T19:30:00.000Z',
    lastPerformance: '2026-06-27T19:30:00.000Z',
    playingDates: ['2026-03-13', '2026-03-14', '2026-04-10', '2026-06-27'],
  };
}

export function regionOf(venueSlug: string): Region {
  return venueConfig(venueSlug).settings.region;
}

export function cmsRoot(region: Region): CmsRoot {
  const venues = listVenues().filter((venue) => venue.settings.region === region);
  const slugs = new Set(venues.map((venue) => venue.settings.slug));
  return {
    region,
    venues: venues.map((venue) => venueSummary(venue.settings.slug)),
    shows: SHOWS.filter((show) => slugs.has(show.venueSlug)).map(showSummary),
  };
}

export function venueContent(slug: string): VenueContent {
  const summary = venueSummary(slug);
  return {
    ...summary,
    description: [`${summary.name} is one of the best-loved venues in ${summary.city}.`],
    address: {
      lines: ['1 Stage Door Lane'],
      city: summary.city,
      postcode: summary.currency === 'GBP' ? 'WC2N 5DU' : '10036',
    },
    accessInformation: 'Step-free access to the stalls; hearing loop at the box office.',
    image: image(slug, `The front of ${summary.name}`),
    shows: SHOWS.filter((show) => show.venueSlug === slug).map(showSummary),
  };
}

export function showContent(venueSlug: string, titleSlug: string): ShowContent | undefined {
  const seed = SHOWS.find((show) => show.venueSlug === venueSlug && show.titleSlug === titleSlug);
  if (seed === undefined) return undefined;
  const summary = showSummary(seed);
  const firstId =
    venueSlug === 'hudson-stage' ? GLASS_ORCHARD_HUDSON_FIRST : GLASS_ORCHARD_LUMEN_FIRST;
  return {
    titleSlug,
    title: seed.title,
    strapline: summary.strapline,
    venue: venueSummary(venueSlug),
    seating: seed.seating,
    description: [`${seed.title} comes to ${venueSummary(venueSlug).name} for a limited season.`],
    images: [summary.image],
    runningTimeMinutes: 150,
    intervals: 1,
    ageGuidance: 'Children under 5 are not admitted; under 15 need an adult.',
    accessInformation: 'Audio-described and captioned performances are available.',
    genre: seed.genre,
    performances: {
      count: 42,
      first: '2026-03-13T19:30:00.000Z',
      last: '2026-06-27T19:30:00.000Z',
      fromPrice: summary.fromPrice,
      upcoming: [
        // 23:30 UTC, Fri 13 March 2026: 7:30 PM in New York (EDT since 8 March), 23:30 in London, so
        // a page in the wrong zone shows the wrong time.
        {
          id: firstId,
          startsAt: '2026-03-13T23:30:00.000Z',
          availability: 'good',
          isPresale: false,
          hasNotice: false,
        },
        {
          id: 'A1B2C3D4-E5F6-4789-ABCD-EF0123456789',
          startsAt: '2026-03-14T14:30:00.000Z',
          availability: 'low',
          isPresale: false,
          hasNotice: false,
        },
      ],
    },
  };
}

export function queueSettings(slug: string): QueueSettings {
  const { settings } = venueConfig(slug);
  return {
    venueSlug: slug,
    theme: settings.queue.theme,
    defaultQueueName: settings.queue.defaultQueueName,
    active: false,
    sales: [],
  };
}
