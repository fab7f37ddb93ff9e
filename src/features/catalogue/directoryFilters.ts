import type { ShowSummary, VenueSummary } from '@contract/api/content';
import { isCalendarDate } from '@contract/patterns';
import { REGION_CURRENCY, REGIONS, type Region } from '@contract/regions';

/**
 * What's on's filters, kept in the address (`?q=&where=&venue=&when=&date=`) so a filtered list
 * can be shared and survives a reload. Plain code over the loaded regions: the whole catalogue
 * is a few dozen shows, sent unpaged by each region's CMS root.
 */

export const WHEN_OPTIONS = ['week', 'month', 'date'] as const;
export type When = (typeof WHEN_OPTIONS)[number];

export interface DirectoryFilters {
  /** Words to find in the show's title or the venue's name or city. */
  q: string;
  /** A region (`uk`) or a city in one (`uk/London`); empty for everywhere. */
  where: string;
  /** A venue slug; empty for every venue. */
  venue: string;
  when: When | '';
  /** YYYY-MM-DD, with `when: 'date'` only. */
  date: string;
}

export const NO_FILTERS: DirectoryFilters = { q: '', where: '', venue: '', when: '', date: '' };

/** A show at its venue, as the directory lists it. */
export interface Listing {
  show: ShowSummary;
  venue: VenueSummary;
  region: Region;
}

/** The places a buyer may pick, to check an address's `where` and `venue` against. */
export interface Places {
  regions: readonly Region[];
  cities: readonly { region: Region; city: string }[];
  venueSlugs: readonly string[];
}

export const cityKey = (region: Region, city: string) => `${region}/${city}`;

const isWhen = (value: string): value is When =>
  (WHEN_OPTIONS as readonly string[]).includes(value);

/** Reads the filters from the address; anything unknown (an old link, a typo) means "any". */
export function filtersFromSearch(params: URLSearchParams, places: Places): DirectoryFilters {
  const q = (params.get('q') ?? '').slice(0, 100);
  const whereParam = params.get('where') ?? '';
  const where =
    (places.regions as readonly string[]).includes(whereParam) ||
    places.cities.some(({ region, city }) => cityKey(region, city) === whereParam)
      ? whereParam
      : '';
  const venueParam = params.get('venue') ?? '';
  const venue = places.venueSlugs.includes(venueParam) ? venueParam : '';
  const whenParam = params.get('when') ?? '';
  const when = isWhen(whenParam) ? whenParam : '';
  const dateParam = params.get('date') ?? '';
  const date = when === 'date' && isCalendarDate(dateParam) ? dateParam : '';
  return { q, where, venue, when, date };
}

/** The address query of a set of filters: only those set, so an unfiltered list is plain `/`. */
export function filtersToSearch(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim() !== '') params.set('q', filters.q);
  if (filters.where !== '') params.set('where', filters.where);
  if (filters.venue !== '') params.set('venue', filters.venue);
  if (filters.when !== '') params.set('when', filters.when);
  if (filters.when === 'date' && filters.date !== '') params.set('date', filters.date);
  return params;
}

export function hasFilters(filters: DirectoryFilters): boolean {
  return filtersToSearch(filters).toString() !== '';
}

/** Case and accents ignored: "lumen" finds "The Lumen Theatre", "cafe" finds "Café". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function matchesSearch({ show, venue }: Listing, q: string): boolean {
  const words = fold(q).split(/\s+/).filter(Boolean);
  const haystack = fold(`${show.title} ${venue.name} ${venue.city}`);
  return words.every((word) => haystack.includes(word));
}

function matchesWhere({ region, venue }: Listing, where: string): boolean {
  if (where === '') return true;
  return where.includes('/') ? cityKey(region, venue.city) === where : region === where;
}

/** Today on the venue's clock, YYYY-MM-DD: a show "this week" is this week where it plays. */
export function venueToday(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Days counted by "Next 7 days" and "Next 30 days", today included. */
const WINDOW_DAYS: Record<Exclude<When, 'date'>, number> = { week: 7, month: 30 };

function matchesWhen({ show, venue }: Listing, filters: DirectoryFilters, now: Date): boolean {
  if (filters.when === '') return true;
  if (filters.when === 'date') {
    return filters.date === '' || show.playingDates.includes(filters.date);
  }
  const from = venueToday(now, venue.timezone);
  const until = addDays(from, WINDOW_DAYS[filters.when]);
  return show.playingDates.some((day) => day >= from && day < until);
}

export function matchesFilters(listing: Listing, filters: DirectoryFilters, now: Date): boolean {
  return (
    (filters.venue === '' || listing.venue.slug === filters.venue) &&
    matchesWhere(listing, filters.where) &&
    matchesSearch(listing, filters.q) &&
    matchesWhen(listing, filters, now)
  );
}

/** The country of a region's venues, as ISO 3166 codes (a region never spans two). */
export type Country = 'GB' | 'US';
export const regionCountry = (region: Region): Country =>
  REGION_CURRENCY[region] === 'GBP' ? 'GB' : 'US';

/**
 * Regions with the buyer's own country first (en-GB → the UK, en-US → the US), each group in
 * the usual order, so a London buyer does not scroll past three US regions to find the West End.
 */
export function regionsFor(locale: string, regions: readonly Region[] = REGIONS): Region[] {
  const country = locale.split('-')[1]?.toUpperCase();
  const home = regions.filter((region) => regionCountry(region) === country);
  return [...home, ...regions.filter((region) => !home.includes(region))];
}
