import type { VenueContentDef } from './venueContent';

/**
 * Seating plan generators for the demo catalogue. Pure data: the seed writes their output with a
 * handful of multi-row statements, so a 20,000-seat arena costs one INSERT, not 20,000.
 */

export interface SectionDef {
  code: string;
  name: string;
  level: string;
  sortOrder: number;
}

export interface SeatDef {
  section: string;
  row: string;
  number: number;
  x: number;
  y: number;
  band: string;
  zone: string;
  restrictedView: boolean;
  wheelchair: boolean;
  companion: boolean;
  accessZone: boolean;
  amex: boolean;
  /** An aisle beside the seat on its lower- or higher-numbered side (the single-seat rule). */
  aisleBefore: boolean;
  aisleAfter: boolean;
}

/** Where the performance happens, in plan units (see the seating-plan contract's `stage`). */
export interface StageDef {
  kind: 'stage' | 'pitch' | 'floor';
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ReservedPlan {
  kind: 'reserved';
  name: string;
  sections: SectionDef[];
  seats: SeatDef[];
  stage: StageDef;
}

export interface AdmissionArea {
  code: string;
  name: string;
  capacity: number;
}

export interface AdmissionPlan {
  kind: 'general-admission' | 'timed-entry';
  name: string;
  areas: AdmissionArea[];
}

export type SeatingPlan = ReservedPlan | AdmissionPlan;

const rowLabel = (index: number) => String.fromCharCode(65 + index);

/** The language a venue's demo content is written in (its venue.json `locale`). */
export type SeedLocale = 'en-GB' | 'en-US';

interface TheatreLevel {
  code: 'STALLS' | 'DRESS' | 'UPPER';
  rows: number;
  bandFor(row: string): string;
}

const SEATS_PER_ROW = 25;

/** Price band codes of the theatre plan, dearest first; R is the restricted-view band. */
export const THEATRE_BANDS = ['A', 'B', 'C', 'D', 'R'] as const;

const THEATRE_LEVELS: TheatreLevel[] = [
  {
    code: 'STALLS',
    rows: 20,
    bandFor: (row) => (row <= 'B' ? 'B' : row <= 'M' ? 'A' : row <= 'R' ? 'B' : 'C'),
  },
  {
    code: 'DRESS',
    rows: 14,
    bandFor: (row) => (row <= 'E' ? 'A' : row <= 'J' ? 'B' : 'C'),
  },
  {
    code: 'UPPER',
    rows: 14,
    bandFor: (row) => (row <= 'F' ? 'C' : 'D'),
  },
];

/**
 * What buyers call each level, and its price-zone slug (shown with a bistro dinner): a London
 * house's Stalls, Dress Circle and Upper Circle are a Broadway house's Orchestra, Mezzanine and
 * Balcony. The codes stay the same, so the plan is one plan whatever its words.
 */
export const THEATRE_LEVEL_NAMES: Record<
  SeedLocale,
  Record<TheatreLevel['code'], { name: string; zone: string }>
> = {
  'en-GB': {
    STALLS: { name: 'Stalls', zone: 'stalls' },
    DRESS: { name: 'Dress Circle', zone: 'dress-circle' },
    UPPER: { name: 'Upper Circle', zone: 'upper-circle' },
  },
  'en-US': {
    STALLS: { name: 'Orchestra', zone: 'orchestra' },
    DRESS: { name: 'Mezzanine', zone: 'mezzanine' },
    UPPER: { name: 'Balcony', zone: 'balcony' },
  },
};

/** The theatre's centre aisle runs between this seat number and the next. */
const CENTRE_AISLE_AFTER = 12;

const isEdge = (seat: number, width: number) => seat <= width || seat > SEATS_PER_ROW - width;

/**
 * A 1,200-seat proscenium theatre over three levels (500 + 350 + 350), with restricted-view
 * seats under the overhang and at the Upper Circle ends, wheelchair spaces each beside a
 * companion seat, access-zone seats near step-free exits and an American Express block.
 */
export function theatrePlan(locale: SeedLocale = 'en-GB'): ReservedPlan {
  const names = THEATRE_LEVEL_NAMES[locale];
  const seats: SeatDef[] = [];
  let top = 0;
  for (const level of THEATRE_LEVELS) {
    for (let r = 0; r < level.rows; r += 1) {
      const row = rowLabel(r);
      for (let number = 1; number <= SEATS_PER_ROW; number += 1) {
        const stalls = level.code === 'STALLS';
        const dress = level.code === 'DRESS';
        const restrictedView =
          (stalls && row >= 'R' && isEdge(number, 2)) ||
          (level.code === 'UPPER' && row >= 'L' && isEdge(number, 3));
        const wheelchair =
          (stalls && row === 'T' && (number === 5 || number === 21)) ||
          (dress && row === 'A' && (number === 1 || number === 25));
        const companion =
          (stalls && row === 'T' && (number === 6 || number === 20)) ||
          (dress && row === 'A' && (number === 2 || number === 24));
        seats.push({
          section: level.code,
          row,
          number,
          x: 40 + number * 24 + (number > CENTRE_AISLE_AFTER ? 24 : 0),
          y: top + r * 26,
          band: restrictedView ? 'R' : level.bandFor(row),
          zone: names[level.code].zone,
          restrictedView,
          wheelchair,
          companion,
          accessZone:
            stalls &&
            row === 'S' &&
            ((number >= 3 && number <= 5) || (number >= 21 && number <= 23)),
          amex: dress && (row === 'B' || row === 'C') && number >= 9 && number <= 17,
          // Side aisles, and the centre aisle the gap in x above leaves after seat 12.
          aisleBefore: number === 1 || number === CENTRE_AISLE_AFTER + 1,
          aisleAfter: number === CENTRE_AISLE_AFTER || number === SEATS_PER_ROW,
        });
      }
    }
    top += level.rows * 26 + 80;
  }
  return {
    kind: 'reserved',
    name: 'Theatre',
    // Across the width of the Stalls, in front of row A with room between for the level's name
    // (migration 0016 writes the same for databases seeded before it).
    stage: { kind: 'stage', x: 64, y: -150, width: 600, height: 70 },
    sections: THEATRE_LEVELS.map((level, index) => ({
      code: level.code,
      name: names[level.code].name,
      level: names[level.code].name,
      sortOrder: index,
    })),
    seats,
  };
}

/** Seat places per arena section row: 25 seats and an aisle place at each end (migration 0017). */
const ARENA_SLOTS = SEATS_PER_ROW + 2;

/** Price bands of the arena plan: sideline and end sections of each bowl. */
export const ARENA_BANDS = ['A', 'B', 'C', 'D', 'R'] as const;

/**
 * A 20,000-seat arena: a lower bowl (101–120) and an upper bowl (201–220) of 20 sections, each
 * 20 rows of 25 seats with an aisle between sections, laid out on a ring around an end stage
 * (sections x10 flank the stage and have a restricted view).
 */
export function arenaPlan(): ReservedPlan {
  const sections: SectionDef[] = [];
  const seats: SeatDef[] = [];
  const bowls = [
    { prefix: 1, level: 'Lower Bowl', zone: 'lower-bowl', radius: 360 },
    { prefix: 2, level: 'Upper Bowl', zone: 'upper-bowl', radius: 560 },
  ];
  for (const bowl of bowls) {
    for (let s = 1; s <= 20; s += 1) {
      const code = String(bowl.prefix * 100 + s);
      sections.push({
        code,
        name: `Section ${code}`,
        level: bowl.level,
        sortOrder: sections.length,
      });
      const sideline = (s >= 3 && s <= 7) || (s >= 13 && s <= 17);
      const restricted = s === 10 || s === 20;
      const lower = bowl.prefix === 1;
      for (let r = 1; r <= 20; r += 1) {
        for (let number = 1; number <= SEATS_PER_ROW; number += 1) {
          // Each section spans ARENA_SLOTS seat places with its seats in the middle ones: the
          // empty place either side makes an aisle between sections, where row numbers go.
          const angle = ((s - 1 + (number + 0.5) / ARENA_SLOTS) / 20) * 2 * Math.PI;
          const radius = bowl.radius + r * 9;
          seats.push({
            section: code,
            row: String(r),
            number,
            x: Math.round(800 + radius * Math.cos(angle)),
            y: Math.round(800 + radius * Math.sin(angle)),
            band: restricted ? 'R' : lower ? (sideline ? 'A' : 'B') : sideline ? 'C' : 'D',
            zone: bowl.zone,
            restrictedView: restricted,
            wheelchair: lower && r === 20 && (number === 1 || number === 25),
            companion: lower && r === 20 && (number === 2 || number === 24),
            accessZone: lower && r === 19 && number <= 3,
            amex: lower && (s === 4 || s === 14) && r <= 5,
            aisleBefore: number === 1,
            aisleAfter: number === SEATS_PER_ROW,
          });
        }
      }
    }
  }
  // The floor fills the middle of the ring, clear of the lower bowl's front row (radius 369)
  // with room for the sections' names (migration 0016 writes the same for older databases).
  const stage: StageDef = { kind: 'floor', x: 550, y: 630, width: 500, height: 340 };
  return { kind: 'reserved', name: 'Arena', sections, seats, stage };
}

/** A general-admission concert hall: a standing floor and an unreserved balcony. */
export function concertHallPlan(): AdmissionPlan {
  return {
    kind: 'general-admission',
    name: 'Concert hall',
    areas: [
      { code: 'FLOOR', name: 'Standing floor', capacity: 1400 },
      { code: 'BALCONY', name: 'Balcony (unreserved seating)', capacity: 400 },
    ],
  };
}

/** A timed-entry attraction: each performance is one entry slot with its own allowance. */
export function timedEntryPlan(): AdmissionPlan {
  return {
    kind: 'timed-entry',
    name: 'Timed entry',
    areas: [{ code: 'ENTRY', name: 'Timed entry', capacity: 60 }],
  };
}

/** The plan of a venue's kind, its parts named in the venue's language. */
export function planFor(kind: VenueContentDef['plan'], locale: SeedLocale): SeatingPlan {
  switch (kind) {
    case 'theatre':
      return theatrePlan(locale);
    case 'arena':
      return arenaPlan();
    case 'concert-hall':
      return concertHallPlan();
    case 'attraction':
      return timedEntryPlan();
  }
}
