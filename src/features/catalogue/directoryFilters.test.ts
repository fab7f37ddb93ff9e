import { describe, expect, it } from 'vitest';
import type { ShowSummary, VenueSummary } from '@contract/api/content';
import {
  NO_FILTERS,
  addDays,
  filtersFromSearch,
  filtersToSearch,
  matchesFilters,
  regionsFor,
  type Listing,
  type Places,
} from './directoryFilters';

const PLACES: Places = {
  regions: ['uk', 'us-east'],
  cities: [
    { region: 'uk', city: 'London' },
    { region: 'us-east', city: 'New York' },
  ],
  venueSlugs: ['lumen-theatre', 'hudson-stage'],
};

function listing(overrides: Partial<ShowSummary> = {}, venue: Partial<VenueSummary> = {}): Listing {
  return {
    region: venue.currency === 'USD' ? 'us-east' : 'uk',
    venue: {
      slug: 'lumen-theatre',
      name: 'The Lumen Theatre',
      kind: 'theatre',
      city: 'London',
      stateCode: 'ENG',
      timezone: 'Europe/London',
      currency: 'GBP',
      locale: 'en-GB',
      ...venue,
    },
    show: {
      titleSlug: 'the-glass-orchard',
      title: 'The Glass Orchard',
      venueSlug: 'lumen-theatre',
      strapline: '',
      image: { src: '/p.svg', alt: 'Poster', width: 600, height: 900 },
      seating: 'reserved',
      fromPrice: null,
      firstPerformance: null,
      lastPerformance: null,
      playingDates: [],
      ...overrides,
    },
  };
}

// 10:00 UTC on Wed 2 December 2026: the same day in London and New York.
const NOW = new Date('2026-12-02T10:00:00Z');

describe('directory filters in the address', () => {
  it('round-trips every filter, leaving out the ones not set', () => {
    const filters = {
      q: 'orchard',
      where: 'uk/London',
      venue: 'lumen-theatre',
      when: 'date' as const,
      date: '2026-12-05',
    };
    const query = filtersToSearch(filters).toString();
    expect(query).toBe('q=orchard&where=uk%2FLondon&venue=lumen-theatre&when=date&date=2026-12-05');
    expect(filtersFromSearch(new URLSearchParams(query), PLACES)).toEqual(filters);
    expect(filtersToSearch(NO_FILTERS).toString()).toBe('');
  });

  it('drops values it does not know, so an old or mistyped link shows everything', () => {
    const params = new URLSearchParams('where=mars&venue=globe&when=fortnight&date=2026-12-05&q=x');
    expect(filtersFromSearch(params, PLACES)).toEqual({ ...NO_FILTERS, q: 'x' });
    // A date only counts with "On a date", and only a real one.
    expect(filtersFromSearch(new URLSearchParams('when=date&date=5/12/2026'), PLACES)).toEqual({
      ...NO_FILTERS,
      when: 'date',
    });
  });
});

describe('matching a show', () => {
  it('finds words in the title, the venue name or the city, ignoring case and accents', () => {
    const item = listing({ title: 'Café Society' });
    const find = (q: string) => matchesFilters(item, { ...NO_FILTERS, q }, NOW);
    expect(find('cafe')).toBe(true);
    expect(find('LUMEN society')).toBe(true);
    expect(find('london')).toBe(true);
    expect(find('hudson')).toBe(false);
  });

  it('narrows by region or by city, and by venue', () => {
    const london = listing();
    const newYork = listing(
      { venueSlug: 'hudson-stage' },
      { slug: 'hudson-stage', city: 'New York', currency: 'USD', timezone: 'America/New_York' },
    );
    const where = (value: string) => (item: Listing) =>
      matchesFilters(item, { ...NO_FILTERS, where: value }, NOW);
    expect([london, newYork].filter(where('uk'))).toEqual([london]);
    expect([london, newYork].filter(where('us-east/New York'))).toEqual([newYork]);
    expect(
      [london, newYork].filter((item) =>
        matchesFilters(item, { ...NO_FILTERS, venue: 'hudson-stage' }, NOW),
      ),
    ).toEqual([newYork]);
  });

  it('counts only the days a show plays: the next 7 days, the next 30, or one date', () => {
    const inNineDays = addDays('2026-12-02', 9);
    const item = listing({ playingDates: ['2026-12-06', inNineDays] });
    const when = (patch: Partial<typeof NO_FILTERS>) =>
      matchesFilters(item, { ...NO_FILTERS, ...patch }, NOW);
    expect(when({ when: 'week' })).toBe(true);
    expect(when({ when: 'month' })).toBe(true);
    expect(when({ when: 'date', date: '2026-12-06' })).toBe(true);
    // Dark on the 7th, although the run spans it.
    expect(when({ when: 'date', date: '2026-12-07' })).toBe(false);

    const later = listing({ playingDates: [inNineDays] });
    expect(matchesFilters(later, { ...NO_FILTERS, when: 'week' }, NOW)).toBe(false);
    expect(matchesFilters(later, { ...NO_FILTERS, when: 'month' }, NOW)).toBe(true);
  });

  it('reads "today" on the venue clock: late evening in New York is still that day there', () => {
    // 03:00 UTC on 3 December is 22:00 on 2 December in New York.
    const late = new Date('2026-12-03T03:00:00Z');
    const item = listing(
      { playingDates: ['2026-12-02'] },
      { timezone: 'America/New_York', currency: 'USD' },
    );
    expect(matchesFilters(item, { ...NO_FILTERS, when: 'week' }, late)).toBe(true);
  });
});

describe('region order', () => {
  it("puts the buyer's own country first and keeps the rest in their usual order", () => {
    expect(regionsFor('en-GB')).toEqual(['uk', 'us-west', 'us-east', 'us-central']);
    expect(regionsFor('en-US')).toEqual(['us-west', 'us-east', 'us-central', 'uk']);
  });
});
