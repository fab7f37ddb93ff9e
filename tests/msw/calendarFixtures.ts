import type { Calendar, CalendarPerformance, CalendarPromo } from '@contract/api/calendar';
import type { CalendarAvailability, CalendarVariables } from '@contract/api/calendarQuery';
import { getVenue } from '@/config/venues';
import { zonedToUtc } from '../../server/lib/zonedTime';
import { GLASS_ORCHARD_HUDSON_FIRST, GLASS_ORCHARD_LUMEN_FIRST, showContent } from './fixtures';
import { DOUBLE_VOUCHERS, normaliseVoucherNumber } from './voucherFixtures';

/**
 * The calendar the booking API would answer for the fixture shows, typed by the contract. Dates
 * sit in March–May 2026 and are written on the venue's clock, as the seed schedules them.
 */

interface PerformanceSeed {
  id: string;
  /** Local date and time at the venue. */
  date: string;
  time: string;
  availability: CalendarAvailability;
  /** All-in "from" price in minor units (null when sold out). */
  from: number | null;
  presale?: boolean;
  /** Issue 24: the Part Two of a two-part choice (this seed is its Part One). */
  partTwo?: { id: string; date: string; time: string };
}

export const CALENDAR_MONTHS = { first: '2026-03', last: '2026-05' } as const;

/** Lumen, The Glass Orchard (London; British Summer Time from 29 March). */
export const LUMEN_PERFORMANCES = {
  first: GLASS_ORCHARD_LUMEN_FIRST,
  matinee: 'A1B2C3D4-E5F6-4789-ABCD-EF0123456789',
  soldOut: 'B1B2C3D4-E5F6-4789-ABCD-EF0123456789',
  low: 'C1B2C3D4-E5F6-4789-ABCD-EF0123456789',
  endOfMarch: 'D1B2C3D4-E5F6-4789-ABCD-EF0123456789',
  april: 'E1B2C3D4-E5F6-4789-ABCD-EF0123456789',
  presale: 'F1B2C3D4-E5F6-4789-ABCD-EF0123456789',
} as const;

/** Hudson, The Glass Orchard (New York): 20:00 on 31 March is 00:00 UTC on 1 April. */
export const HUDSON_LATE_SHOW = '0A1B2C3D-4E5F-4A6B-8C9D-0E1F2A3B4C5D';

const SEEDS: Record<string, PerformanceSeed[]> = {
  'lumen-theatre/the-glass-orchard': [
    {
      id: LUMEN_PERFORMANCES.first,
      date: '2026-03-13',
      time: '19:30',
      availability: 'good',
      from: 2050,
    },
    {
      id: LUMEN_PERFORMANCES.matinee,
      date: '2026-03-14',
      time: '14:30',
      availability: 'medium',
      from: 2050,
    },
    {
      id: LUMEN_PERFORMANCES.soldOut,
      date: '2026-03-14',
      time: '19:30',
      availability: 'soldOut',
      from: null,
    },
    {
      id: LUMEN_PERFORMANCES.low,
      date: '2026-03-17',
      time: '19:30',
      availability: 'low',
      from: 4750,
    },
    {
      id: LUMEN_PERFORMANCES.endOfMarch,
      date: '2026-03-31',
      time: '19:30',
      availability: 'good',
      from: 2050,
    },
    {
      id: LUMEN_PERFORMANCES.april,
      date: '2026-04-10',
      time: '19:30',
      availability: 'good',
      from: 2050,
    },
    {
      id: LUMEN_PERFORMANCES.presale,
      date: '2026-05-15',
      time: '19:30',
      availability: 'good',
      from: 2050,
      presale: true,
    },
  ],
  'hudson-stage/the-glass-orchard': [
    {
      id: GLASS_ORCHARD_HUDSON_FIRST,
      date: '2026-03-13',
      time: '19:30',
      availability: 'good',
      from: 5900,
    },
    { id: HUDSON_LATE_SHOW, date: '2026-03-31', time: '20:00', availability: 'good', from: 5900 },
    {
      id: '1A1B2C3D-4E5F-4A6B-8C9D-0E1F2A3B4C5D',
      date: '2026-04-02',
      time: '19:30',
      availability: 'medium',
      from: 5900,
    },
    {
      id: '2A1B2C3D-4E5F-4A6B-8C9D-0E1F2A3B4C5D',
      date: '2026-05-20',
      time: '19:30',
      availability: 'good',
      from: 5900,
      presale: true,
    },
  ],
};

/** Any other fixture show: four evenings (one sold out), the same on every venue's clock. */
function genericSeeds(show: string): PerformanceSeed[] {
  const tag = [...show].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 0xffffff, 7);
  const id = (n: number) =>
    `${tag.toString(16).toUpperCase().padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return [
    { id: id(1), date: '2026-03-13', time: '19:30', availability: 'good', from: 4900 },
    { id: id(2), date: '2026-03-20', time: '19:30', availability: 'low', from: 6900 },
    { id: id(4), date: '2026-03-21', time: '19:30', availability: 'soldOut', from: null },
    { id: id(3), date: '2026-04-10', time: '19:30', availability: 'good', from: 4900 },
  ];
}

interface PromoSeed {
  code: string;
  venueSlug: string;
  /** Null: every show at the venue. */
  titleSlug: string | null;
  kind: 'promo' | 'presale';
  discountPercent: number;
  expired?: boolean;
  /** A single-use code an order has already redeemed (issue 24). */
  used?: boolean;
  membersOnly?: boolean;
  /** Fits only this performance (a code for one night). */
  only?: (show: string) => string;
}

export const FIXTURE_PROMOS: PromoSeed[] = [
  {
    code: 'ORCHARD10',
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    kind: 'promo',
    discountPercent: 10,
  },
  // The route-table tests link to calendars with this code.
  {
    code: 'SPRING!',
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    kind: 'promo',
    discountPercent: 15,
  },
  {
    code: 'WINTER5',
    venueSlug: 'lumen-theatre',
    titleSlug: null,
    kind: 'promo',
    discountPercent: 5,
    expired: true,
  },
  // The seed's single-use code, as it reads once an order has redeemed it.
  {
    code: 'LUMEN-ONCE',
    venueSlug: 'lumen-theatre',
    titleSlug: null,
    kind: 'promo',
    discountPercent: 20,
    used: true,
  },
  {
    code: 'HOWDY-ONCE',
    venueSlug: 'lone-star-theater',
    titleSlug: null,
    kind: 'promo',
    discountPercent: 20,
    used: true,
  },
  {
    code: 'ORCHARD-PRESALE',
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    kind: 'presale',
    discountPercent: 0,
  },
  {
    code: 'ATGPLUS-PRESALE',
    venueSlug: 'hudson-stage',
    titleSlug: 'the-glass-orchard',
    kind: 'presale',
    discountPercent: 0,
    membersOnly: true,
  },
  // A code for another production at the same venue: not for this event.
  {
    code: 'PANTO-FAMILY',
    venueSlug: 'northern-playhouse',
    titleSlug: 'the-winter-panto',
    kind: 'promo',
    discountPercent: 25,
  },
  {
    code: 'MILLS15',
    venueSlug: 'northern-playhouse',
    titleSlug: 'the-mill-girls',
    kind: 'promo',
    discountPercent: 15,
  },
  {
    code: 'HOWDY',
    venueSlug: 'lone-star-theater',
    titleSlug: 'texas-two-step',
    kind: 'promo',
    discountPercent: 10,
  },
  {
    code: 'FOGCITY20',
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies',
    kind: 'promo',
    discountPercent: 20,
  },
  {
    code: 'FOGCITY-GALA',
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies',
    kind: 'promo',
    discountPercent: 20,
    only: (show) => genericSeeds(show)[0]!.id,
  },
];

function toPerformance(
  seed: PerformanceSeed,
  { timezone, currency }: { timezone: string; currency: Calendar['currency'] },
  promo: PromoSeed | null,
): CalendarPerformance {
  const presale = seed.presale ?? false;
  const fits = promo !== null && (promo.kind === 'presale' ? presale : !presale);
  const promoApplied = fits && promo.discountPercent > 0 && seed.from !== null;
  const from =
    seed.from === null
      ? null
      : promoApplied
        ? seed.from - Math.round((seed.from * promo.discountPercent) / 100)
        : seed.from;
  return {
    id: seed.id,
    startsAt: zonedToUtc(seed.date, seed.time, timezone).toISOString(),
    localDate: seed.date,
    localTime: seed.time,
    availability: seed.availability,
    fromPrice: from === null ? null : { amount: from, currency },
    presale,
    unlocked: presale && promo?.kind === 'presale',
    promoApplied,
    parts: seed.partTwo
      ? [
          {
            part: 1,
            id: seed.id,
            startsAt: zonedToUtc(seed.date, seed.time, timezone).toISOString(),
            localDate: seed.date,
            localTime: seed.time,
          },
          {
            part: 2,
            id: seed.partTwo.id,
            startsAt: zonedToUtc(seed.partTwo.date, seed.partTwo.time, timezone).toISOString(),
            localDate: seed.partTwo.date,
            localTime: seed.partTwo.time,
          },
        ]
      : null,
  };
}

function judge(
  venueSlug: string,
  titleSlug: string,
  code: string,
  seeds: PerformanceSeed[],
): { promo: CalendarPromo; applied: PromoSeed | null } {
  const seed = FIXTURE_PROMOS.find(
    (candidate) =>
      candidate.venueSlug === venueSlug && candidate.code.toUpperCase() === code.toUpperCase(),
  );
  const refused = (status: CalendarPromo['status'], kind: CalendarPromo['kind'] = null) => ({
    promo: { code: seed?.code ?? code, status, kind, discountPercent: null, performanceIds: [] },
    applied: null,
  });
  // Issue 15: a gift voucher or gift card number typed as a code (as the server compares it).
  const number = normaliseVoucherNumber(code);
  if (seed === undefined && DOUBLE_VOUCHERS.some((voucher) => voucher.number === number))
    return refused('giftVoucher');
  if (seed === undefined) return refused('invalid');
  if (seed.expired) return refused('expired');
  if (seed.titleSlug !== null && seed.titleSlug !== titleSlug) return refused('notForEvent');
  if (seed.used) return refused('used');
  if (seed.membersOnly) return refused('notQualified', seed.kind);
  const show = `${venueSlug}/${titleSlug}`;
  const performanceIds = seed.only
    ? [seed.only(show)]
    : seeds
        .filter((p) => p.availability !== 'soldOut')
        .filter((p) => (seed.kind === 'presale' ? p.presale : !p.presale))
        .map((p) => p.id);
  return {
    promo: {
      code: seed.code,
      status: 'applied',
      kind: seed.kind,
      discountPercent: seed.discountPercent,
      performanceIds,
    },
    applied: seed,
  };
}

/** The calendar for a fixture show, or undefined for a show the fixtures do not have. */
export function calendarFixture(variables: CalendarVariables): Calendar | undefined {
  const { venueSlug, titleSlug } = variables;
  const venue = getVenue(venueSlug);
  if (venue === undefined || showContent(venueSlug, titleSlug) === undefined) return undefined;
  const { timezone, currency, flags } = venue.settings;
  const show = `${venueSlug}/${titleSlug}`;
  const seeds = SEEDS[show] ?? genericSeeds(show);
  const month = variables.month ?? CALENDAR_MONTHS.first;
  const code = variables.promoCode ?? null;
  const checked = code === null ? null : judge(venueSlug, titleSlug, code, seeds);
  return {
    venueSlug,
    titleSlug,
    timeZone: timezone,
    currency,
    startOfWeek: flags.startOfWeek,
    transactionFee: { amount: currency === 'GBP' ? 295 : 450, currency },
    month,
    months: { ...CALENDAR_MONTHS },
    promo: checked?.promo ?? null,
    membersPresale: null,
    performances: seeds
      .filter((seed) => seed.date.startsWith(month))
      .map((seed) => toPerformance(seed, { timezone, currency }, checked?.applied ?? null)),
  };
}
