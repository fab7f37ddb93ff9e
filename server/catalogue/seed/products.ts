import { THEATRE_LEVEL_NAMES, type SeedLocale } from './seatingPlans';
import type { VenueContentDef } from './venueContent';

export interface UpsellDef {
  kind: 'programme' | 'drink' | 'bistro';
  name: string;
  description: string;
  priceZone: string | null;
  amount: number;
}

/**
 * Bistro price zones of each plan: the dearer the part of the house, the dearer the table. A
 * theatre's zones are named in the venue's language (seatingPlans.ts THEATRE_LEVEL_NAMES).
 */
function bistroZones(plan: VenueContentDef['plan'], locale: SeedLocale): [string, number][] {
  const theatre = THEATRE_LEVEL_NAMES[locale];
  switch (plan) {
    case 'theatre':
      return [
        [theatre.STALLS.zone, 100],
        [theatre.DRESS.zone, 90],
        [theatre.UPPER.zone, 75],
      ];
    case 'arena':
      return [
        ['lower-bowl', 100],
        ['upper-bowl', 80],
      ];
    default:
      return [];
  }
}

/** The programme and the interval drinks, as the venue's buyers call them. */
const EXTRA_NAMES: Record<SeedLocale, { programme: string; intervalDrinks: string }> = {
  'en-GB': { programme: 'Souvenir programme', intervalDrinks: 'Interval drinks for two' },
  'en-US': { programme: 'Souvenir program', intervalDrinks: 'Intermission drinks for two' },
};

/** Upsells of a venue, priced in its currency (minor units) and named in its language. */
export function upsellsFor(
  plan: VenueContentDef['plan'],
  currency: 'GBP' | 'USD',
  locale: SeedLocale,
): UpsellDef[] {
  const usd = currency === 'USD';
  const names = EXTRA_NAMES[locale];
  const items: UpsellDef[] = [
    {
      kind: 'programme',
      name: plan === 'attraction' ? 'Field guide' : names.programme,
      description:
        plan === 'attraction'
          ? 'An illustrated guide to the creatures of the bayou.'
          : 'Cast biographies, rehearsal photographs and essays.',
      priceZone: null,
      amount: usd ? 1500 : 600,
    },
    {
      kind: 'drink',
      name: plan === 'theatre' ? names.intervalDrinks : 'Drinks voucher for two',
      description: 'Two glasses of house wine or soft drinks, ready at the bar.',
      priceZone: null,
      amount: usd ? 2800 : 1700,
    },
  ];
  const baseDinner = usd ? 6500 : 3900;
  for (const [zone, percent] of bistroZones(plan, locale)) {
    items.push({
      kind: 'bistro',
      name: 'Two-course bistro dinner',
      description: 'Pre-show dinner served in the bistro nearest your seats.',
      priceZone: zone,
      amount: Math.round((baseDinner * percent) / 100),
    });
  }
  return items;
}

export const TICKET_PROTECTION_FEES = { GBP: 250, USD: 400 } as const;

export const MEMBERSHIPS = [
  {
    slug: 'atg-plus',
    name: 'ATG+',
    description: 'Priority booking for presales, no transaction fees and exclusive offers.',
    waivesTransactionFee: true,
    presaleAccess: true,
  },
  {
    slug: 'access',
    name: 'Access',
    description:
      'For customers with access needs: a free companion ticket, access-zone seats and no transaction fees.',
    waivesTransactionFee: true,
    presaleAccess: false,
  },
] as const;

export interface PromoDef {
  code: string;
  venueSlug: string;
  titleSlug: string | null;
  kind: 'promo' | 'presale';
  description: string;
  discountPercent: number;
  membershipScheme: string | null;
  singleUse: boolean;
  /** Validity relative to the seed day, in days (negative = in the past). */
  fromDay: number;
  untilDay: number;
}

export const PROMOS: PromoDef[] = [
  {
    code: 'ORCHARD10',
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    kind: 'promo',
    description: '10% off The Glass Orchard',
    discountPercent: 10,
    membershipScheme: null,
    singleUse: false,
    fromDay: -7,
    untilDay: 60,
  },
  {
    code: 'LUMEN-ONCE',
    venueSlug: 'lumen-theatre',
    titleSlug: null,
    kind: 'promo',
    description: 'Single-use 20% off any Lumen show',
    discountPercent: 20,
    membershipScheme: null,
    singleUse: true,
    fromDay: -7,
    untilDay: 90,
  },
  {
    code: 'WINTER5',
    venueSlug: 'lumen-theatre',
    titleSlug: null,
    kind: 'promo',
    description: 'Expired winter offer',
    discountPercent: 5,
    membershipScheme: null,
    singleUse: false,
    fromDay: -90,
    untilDay: -30,
  },
  {
    code: 'ORCHARD-PRESALE',
    venueSlug: 'lumen-theatre',
    titleSlug: 'the-glass-orchard',
    kind: 'presale',
    description: 'Presale access to the new booking period',
    discountPercent: 0,
    membershipScheme: null,
    singleUse: false,
    fromDay: -1,
    untilDay: 30,
  },
  {
    code: 'ATGPLUS-PRESALE',
    venueSlug: 'hudson-stage',
    titleSlug: 'the-glass-orchard',
    kind: 'presale',
    description: 'ATG+ member presale',
    discountPercent: 0,
    membershipScheme: 'atg-plus',
    singleUse: false,
    fromDay: -1,
    untilDay: 30,
  },
  {
    code: 'MILLS15',
    venueSlug: 'northern-playhouse',
    titleSlug: 'the-mill-girls',
    kind: 'promo',
    description: '15% off midweek',
    discountPercent: 15,
    membershipScheme: null,
    singleUse: false,
    fromDay: -7,
    untilDay: 45,
  },
  {
    code: 'FOGCITY20',
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies',
    kind: 'promo',
    description: '20% off Fog City Follies',
    discountPercent: 20,
    membershipScheme: null,
    singleUse: false,
    fromDay: -7,
    untilDay: 60,
  },
  {
    // Fits exactly one performance (the one-night gala): shouldRedirectSinglePromoCode is seen.
    code: 'FOGCITY-GALA',
    venueSlug: 'golden-gate-playhouse',
    titleSlug: 'fog-city-follies-gala',
    kind: 'promo',
    description: '15% off the Fog City Follies gala',
    discountPercent: 15,
    membershipScheme: null,
    singleUse: false,
    fromDay: -7,
    untilDay: 21,
  },
  {
    code: 'HOWDY',
    venueSlug: 'lone-star-theater',
    titleSlug: 'texas-two-step',
    kind: 'promo',
    description: '10% off Texas Two-Step',
    discountPercent: 10,
    membershipScheme: null,
    singleUse: false,
    fromDay: -7,
    untilDay: 60,
  },
  {
    code: 'HARBOR-PRESALE',
    venueSlug: 'harbor-arena',
    titleSlug: 'harbor-lights-live',
    kind: 'presale',
    description: 'Fan-club presale',
    discountPercent: 0,
    membershipScheme: null,
    singleUse: false,
    fromDay: -1,
    untilDay: 30,
  },
];
