import type { Image } from '../../../contract/api/common';
import type { SeedLocale } from './seatingPlans';

/** Local start times by day of week (0 = Sunday), in the venue's time zone. */
export type WeeklySchedule = Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, string[]>>;

/**
 * A weekly pair of a two-part show: Part One on `partOne.day` (0 = Sunday) at its local time, and
 * Part Two `partTwo.daysLater` days later (0: the same day) at its own.
 */
export interface LinkedPartsDef {
  partOne: { day: 0 | 1 | 2 | 3 | 4 | 5 | 6; time: string };
  partTwo: { daysLater: number; time: string };
}

export interface PriceOptionDef {
  code: string;
  /** Left out for the standard price, which the shop labels "Full Price" in the venue's words. */
  name?: string;
  /** Seat price band (reserved seating) or admission area (general admission, timed entry). */
  band?: string;
  area?: string;
  /** Face value in minor units; the all-in price adds the venue's booking fee. */
  faceValue: number;
}

export interface OfferDef {
  type: 'package' | 'wheelchair' | 'accessZone' | 'amex';
  name: string;
  description: string;
  extraAmount?: number;
}

export interface ShowDef {
  venueSlug: string;
  titleSlug: string;
  title: string;
  strapline: string;
  description: string[];
  images: Image[];
  genre: string;
  runningTimeMinutes: number;
  intervals: number;
  ageGuidance: string;
  accessInformation: string;
  schedule: WeeklySchedule;
  /**
   * Issue 24: a two-part show plays in linked pairs instead of (or beside) `schedule`: Part One
   * and Part Two are two performances on the same seating plan, sold together with the same seats
   * in both. Each pair is written once here; the seed links its two performances to each other.
   */
  parts?: LinkedPartsDef[];
  /**
   * A limited run: the weekly schedule only between these days from the seed day (inclusive).
   * A one-night event is one weekday's slot in a run of seven days.
   */
  run?: { fromDay: number; untilDay: number };
  prices: PriceOptionDef[];
  offers: OfferDef[];
  /** A notice shown before booking one performance (index in start order). */
  notice?: { index: number; text: string };
  /** A message about the admission section of one performance (index in start order). */
  admissionSectionMessage?: { index: number; text: string };
}

const poster = (titleSlug: string, alt: string): Image => ({
  src: `/images/shows/${titleSlug}.svg`,
  alt,
  width: 600,
  height: 900,
});

/** The spec's sample age guidance (§9), word for word. */
const UNDER_5 = 'Children under 5 are not admitted; under 15 need an adult.';
const THEATRE_SHOW_ACCESS =
  'Captioned and audio-described performances are announced on the calendar. Wheelchair spaces and access-zone seats can be chosen on the seat map.';

/** The theatre offers' words that differ between a London and a Broadway house. */
const THEATRE_OFFER_WORDS: Record<SeedLocale, { dinner: string; exit: string; amexLevel: string }> =
  {
    'en-GB': { dinner: 'pre-theatre', exit: 'a step-free exit', amexLevel: 'Dress Circle' },
    'en-US': { dinner: 'pre-show', exit: 'an exit with no steps', amexLevel: 'Mezzanine' },
  };

const theatreOffers = (packageExtra: number, locale: SeedLocale): OfferDef[] => {
  const words = THEATRE_OFFER_WORDS[locale];
  return [
    {
      type: 'package',
      name: 'Dinner and show',
      description: `A two-course ${words.dinner} dinner in the bistro with a Band A ticket.`,
      extraAmount: packageExtra,
    },
    {
      type: 'wheelchair',
      name: 'Wheelchair space',
      description: 'A wheelchair space with a companion seat beside it.',
    },
    {
      type: 'accessZone',
      name: 'Access zone',
      description: `Aisle seats close to ${words.exit}, for customers with access needs.`,
    },
    {
      type: 'amex',
      name: 'American Express seats',
      description: `Prime ${words.amexLevel} seats held for customers paying with American Express.`,
    },
  ];
};

/** A seat with a pillar in the way: a London house's "restricted view", Broadway's "partial view". */
const OBSTRUCTED: Record<SeedLocale, string> = {
  'en-GB': 'Restricted view',
  'en-US': 'Partial view',
};

const theatrePrices = (
  locale: SeedLocale,
  a: number,
  b: number,
  c: number,
  d: number,
  r: number,
): PriceOptionDef[] => [
  { code: 'A', name: 'Band A', band: 'A', faceValue: a },
  { code: 'B', name: 'Band B', band: 'B', faceValue: b },
  { code: 'C', name: 'Band C', band: 'C', faceValue: c },
  { code: 'D', name: 'Band D', band: 'D', faceValue: d },
  { code: 'R', name: OBSTRUCTED[locale], band: 'R', faceValue: r },
];

const UK_PLAYS: WeeklySchedule = {
  2: ['19:30'],
  3: ['14:30', '19:30'],
  4: ['19:30'],
  5: ['19:30'],
  6: ['14:30', '19:30'],
};
const US_PLAYS: WeeklySchedule = {
  0: ['15:00'],
  2: ['19:00'],
  3: ['14:00', '19:30'],
  4: ['19:30'],
  5: ['20:00'],
  6: ['14:00', '20:00'],
};

/** One production touring two venues: the same poster, length and guidance at both. */
const GLASS_ORCHARD_PRODUCTION = {
  images: [
    poster(
      'the-glass-orchard',
      'Poster for The Glass Orchard: a single translucent apple tree glowing on a deep green background',
    ),
  ],
  genre: 'Drama',
  runningTimeMinutes: 150,
  intervals: 1,
  ageGuidance: UNDER_5,
  accessInformation: THEATRE_SHOW_ACCESS,
} satisfies Partial<ShowDef>;

export const SHOWS: ShowDef[] = [
  {
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    title: 'The Glass Orchard',
    strapline: 'Three sisters, one inheritance and an orchard that will not stop growing.',
    description: [
      'When the Hale sisters return to their late mother’s Kent farm, they find the orchard she planted has turned to glass, tree by tree.',
      'Winner of the Critics’ Circle Award for Best New Play, The Glass Orchard is a funny and devastating story about what families keep and what they let shatter.',
    ],
    ...GLASS_ORCHARD_PRODUCTION,
    schedule: UK_PLAYS,
    prices: theatrePrices('en-GB', 8500, 6500, 4500, 2500, 1800),
    offers: theatreOffers(3500, 'en-GB'),
    notice: {
      index: 3,
      text: 'At this performance the role of Ada Hale will be played by understudy Maya Okafor.',
    },
  },
  {
    venueSlug: 'lumen-theatre',
    titleSlug: 'echoes-of-avalon',
    title: 'Echoes of Avalon',
    strapline: 'The Arthurian legend as you have never heard it — a musical in concert.',
    description: [
      'A 20-piece orchestra and a cast of twelve retell the fall of Camelot through the songs of the women who saw it happen.',
      'Playing Sunday afternoons and Monday evenings while The Glass Orchard rests.',
    ],
    images: [
      poster(
        'echoes-of-avalon',
        'Poster for Echoes of Avalon: a sword rising from silver water under a violet sky',
      ),
    ],
    genre: 'Musical',
    runningTimeMinutes: 135,
    intervals: 1,
    ageGuidance: 'Recommended for ages 8 and over. Children under 5 are not admitted.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: { 0: ['15:00'], 1: ['19:30'] },
    prices: theatrePrices('en-GB', 7500, 5500, 3900, 2500, 1500),
    offers: theatreOffers(3500, 'en-GB'),
  },
  {
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-salt-road',
    title: 'The Salt Road: Parts One and Two',
    strapline: 'Four generations, one road to the sea, and a family that keeps walking it.',
    description: [
      'An epic in two parts: the Merrow family’s story from the salt marshes of 1890 to the present day, told by a company of fourteen.',
      'One ticket is for both parts, in the same seat: Part One as a Saturday matinee and Part Two that evening, or Part One on a Wednesday evening and Part Two on the Thursday.',
    ],
    images: [
      poster(
        'the-salt-road',
        'Poster for The Salt Road: a line of walkers on a causeway crossing a silver salt marsh at dusk',
      ),
    ],
    genre: 'Drama',
    runningTimeMinutes: 165,
    intervals: 1,
    ageGuidance: 'Recommended for ages 12 and over. Children under 5 are not admitted.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: {},
    parts: [
      { partOne: { day: 6, time: '14:30' }, partTwo: { daysLater: 0, time: '19:30' } },
      { partOne: { day: 3, time: '19:30' }, partTwo: { daysLater: 1, time: '19:30' } },
    ],
    // Each price is for both parts: a seat is sold as the pair.
    prices: theatrePrices('en-GB', 11900, 9500, 6900, 4500, 2900),
    offers: theatreOffers(3500, 'en-GB'),
  },
  {
    venueSlug: 'northern-playhouse',
    titleSlug: 'the-mill-girls',
    title: 'The Mill Girls',
    strapline: 'The 1911 strike that stopped Manchester, told in song.',
    description: [
      'Bessie, Nell and four hundred weavers walk out of Ancoats Mill and into history.',
      'A rousing new musical with a score built from the work songs of Lancashire’s cotton mills.',
    ],
    images: [
      poster(
        'the-mill-girls',
        'Poster for The Mill Girls: silhouettes of women with linked arms before mill chimneys at sunrise',
      ),
    ],
    genre: 'Musical',
    runningTimeMinutes: 160,
    intervals: 1,
    ageGuidance: 'Suitable for ages 10 and over. Contains strong language.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: UK_PLAYS,
    prices: theatrePrices('en-GB', 6900, 5200, 3600, 2200, 1500),
    offers: theatreOffers(3000, 'en-GB'),
  },
  {
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies',
    title: 'Fog City Follies',
    strapline: 'A razzle-dazzle revue of San Francisco’s wildest century.',
    description: [
      'From the Gold Rush to the dot-com boom, Fog City Follies tap-dances through a hundred years of the city’s schemers, dreamers and cable cars.',
      'Sequins, brass and a chorus line of twenty-four.',
    ],
    images: [
      poster(
        'fog-city-follies',
        'Poster for Fog City Follies: a top hat perched on a cable car rolling through golden fog',
      ),
    ],
    genre: 'Musical',
    runningTimeMinutes: 140,
    intervals: 1,
    ageGuidance: 'Recommended for ages 12 and over.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: US_PLAYS,
    prices: theatrePrices('en-US', 14900, 11900, 8900, 5900, 3900),
    offers: theatreOffers(6500, 'en-US'),
  },
  {
    // One night only, so a code for it fits exactly one performance: with the venue's
    // shouldRedirectSinglePromoCode, FOGCITY-GALA goes straight to its seats (README).
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies-gala',
    title: 'Fog City Follies: Gala Night',
    strapline: 'One night only: the Follies with the original 1999 cast and a champagne finale.',
    description: [
      'The original company reunites for a single gala performance in aid of the Playhouse’s youth program.',
      'Black tie optional; sequins encouraged.',
    ],
    images: [
      poster(
        'fog-city-follies',
        'Poster for Fog City Follies: Gala Night: a top hat perched on a cable car rolling through golden fog',
      ),
    ],
    genre: 'Musical',
    runningTimeMinutes: 160,
    intervals: 1,
    ageGuidance: 'Recommended for ages 12 and over.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: { 6: ['19:00'] },
    run: { fromDay: 15, untilDay: 21 },
    prices: theatrePrices('en-US', 19900, 15900, 11900, 7900, 4900),
    offers: theatreOffers(6500, 'en-US'),
  },
  {
    venueSlug: 'hudson-stage',
    titleSlug: 'the-glass-orchard',
    title: 'The Glass Orchard',
    strapline: 'The London hit about three sisters and an orchard that will not stop growing.',
    description: [
      'The Lumen Theatre’s award-winning production crosses the Atlantic with its original cast for a strictly limited engagement.',
      'When the Hale sisters return to their late mother’s farm, they find the orchard she planted has turned to glass, tree by tree.',
    ],
    ...GLASS_ORCHARD_PRODUCTION,
    schedule: US_PLAYS,
    prices: theatrePrices('en-US', 16900, 12900, 9900, 6900, 4900),
    offers: theatreOffers(7500, 'en-US'),
  },
  {
    venueSlug: 'harbor-arena',
    titleSlug: 'harbor-lights-live',
    title: 'Harbor Lights Live',
    strapline: 'The stadium-pop tour comes home to Boston for two weekends.',
    description: [
      'Harbor Lights bring their record-breaking world tour back to where it began, with a new in-the-round finale.',
      'Doors open at 6pm; opening act at 7:30pm.',
    ],
    images: [
      poster(
        'harbor-lights-live',
        'Poster for Harbor Lights Live: a lighthouse beam sweeping over a crowd holding up lights',
      ),
    ],
    genre: 'Concert',
    runningTimeMinutes: 120,
    intervals: 0,
    ageGuidance:
      'All ages. Children under 16 must be accompanied by an adult; children under 2 ride free on a lap.',
    accessInformation:
      'Accessible seating with a companion seat is in row 20 of the lower bowl; choose a wheelchair space on the seat map.',
    schedule: { 5: ['19:30'], 6: ['19:30'] },
    prices: [
      { code: 'A', name: 'Lower bowl sideline', band: 'A', faceValue: 18900 },
      { code: 'B', name: 'Lower bowl end', band: 'B', faceValue: 12900 },
      { code: 'C', name: 'Upper bowl sideline', band: 'C', faceValue: 8900 },
      { code: 'D', name: 'Upper bowl end', band: 'D', faceValue: 5900 },
      { code: 'R', name: 'Side stage (partial view)', band: 'R', faceValue: 4500 },
    ],
    offers: [
      {
        type: 'package',
        name: 'VIP lounge',
        description: 'Lower-bowl seat, lounge access before the show and a tour poster.',
        extraAmount: 15000,
      },
      {
        type: 'wheelchair',
        name: 'Wheelchair space',
        description: 'A wheelchair space with a companion seat beside it.',
      },
      {
        type: 'accessZone',
        name: 'Access zone',
        description: 'Seats near elevators and accessible restrooms.',
      },
      {
        type: 'amex',
        name: 'American Express seats',
        description: 'Lower-bowl seats held for customers paying with American Express.',
      },
    ],
  },
  {
    venueSlug: 'motor-city-music-hall',
    titleSlug: 'neon-lowlands',
    title: 'Neon Lowlands',
    strapline: 'Detroit synth-rock at full volume. Standing and balcony, general admission.',
    description: [
      'Neon Lowlands play their debut album end to end, plus the new single, across three nights a week.',
      'General admission: the standing floor opens first; the balcony is unreserved seating.',
    ],
    images: [
      poster(
        'neon-lowlands',
        'Poster for Neon Lowlands: magenta and cyan neon lines forming a city skyline over flat land',
      ),
    ],
    genre: 'Concert',
    runningTimeMinutes: 110,
    intervals: 0,
    ageGuidance: 'Ages 16 and over; anyone under 18 must be accompanied by an adult.',
    accessInformation:
      'Reserve a place on the accessible viewing platform with the box office after booking a standing ticket.',
    schedule: { 4: ['20:00'], 5: ['20:00'], 6: ['20:00'] },
    prices: [
      { code: 'STANDING', area: 'FLOOR', faceValue: 4500 },
      { code: 'EARLY', name: 'Standing with early entry', area: 'FLOOR', faceValue: 6500 },
      { code: 'BALCONY', name: 'Balcony (unreserved)', area: 'BALCONY', faceValue: 5500 },
    ],
    offers: [],
    admissionSectionMessage: {
      index: 1,
      text: 'The balcony is closed for this performance; balcony ticket holders will be admitted to the standing floor.',
    },
  },
  {
    venueSlug: 'lone-star-theater',
    titleSlug: 'texas-two-step',
    title: 'Texas Two-Step',
    strapline: 'A dance-hall romance with boots, fiddles and a whole lot of heart.',
    description: [
      'Rosa runs the last dance hall on the Colorado River; Dale has come to buy it. Neither of them can dance. Yet.',
      'A new musical with a live country band on stage.',
    ],
    images: [
      poster(
        'texas-two-step',
        'Poster for Texas Two-Step: two cowboy boots on a wooden dance floor under a string of lights',
      ),
    ],
    genre: 'Musical',
    runningTimeMinutes: 145,
    intervals: 1,
    ageGuidance: 'Suitable for all ages. Children under 5 are not admitted.',
    accessInformation: THEATRE_SHOW_ACCESS,
    schedule: US_PLAYS,
    prices: theatrePrices('en-US', 11900, 8900, 6900, 4500, 2900),
    offers: theatreOffers(5500, 'en-US'),
  },
  {
    venueSlug: 'bayou-discovery',
    titleSlug: 'swamp-after-dark',
    title: 'Swamp After Dark',
    strapline: 'Walk the bayou by lantern light and meet the creatures of the night.',
    description: [
      'A guided-by-lantern walk through the cypress swamp as the night chorus begins: frogs, owls and, if you are lucky, an alligator’s eyes.',
      'Entry is in timed slots every 30 minutes; allow 75 minutes.',
    ],
    images: [
      poster(
        'swamp-after-dark',
        'Poster for Swamp After Dark: a lantern glowing among cypress trees with two eyes shining in dark water',
      ),
    ],
    genre: 'Attraction',
    runningTimeMinutes: 75,
    intervals: 0,
    ageGuidance: 'Suitable for all ages; children under 12 must be accompanied by an adult.',
    accessInformation:
      'The route has no steps. Some areas are very dark; handrails line the boardwalk.',
    schedule: Object.fromEntries(
      [0, 2, 3, 4, 5, 6].map((day) => [
        day,
        ['18:00', '18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'],
      ]),
    ),
    prices: [
      { code: 'ADULT', area: 'ENTRY', faceValue: 3200 },
      { code: 'CHILD', name: 'Child (3–11)', area: 'ENTRY', faceValue: 1800 },
    ],
    offers: [],
  },
];
