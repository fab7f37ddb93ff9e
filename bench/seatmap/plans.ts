import { SEAT_FLAGS } from '../../contract/api/constants';
import type { SeatStatus, SeatingPlan } from '../../contract/api/holds';
import { fileURLToPath } from 'node:url';
import { bandsOf, readPlanFile } from '../../server/catalogue/files/load';
import type { ReservedPlan, SectionDef, SeatDef } from '../../server/catalogue/files/plans';

const venue = (slug: string) => fileURLToPath(new URL(`../../venues/${slug}/`, import.meta.url));
const theatrePlan = () => readPlanFile(venue('lumen-theatre'), 'theatre') as ReservedPlan;
const arenaPlan = () => readPlanFile(venue('harbor-arena'), 'arena') as ReservedPlan;
const ARENA_BANDS = bandsOf(arenaPlan());
const THEATRE_BANDS = bandsOf(theatrePlan());

/**
 * The seat-map bench's data, shaped as the booking API sends it (GET /plans/:id and
 * GET /performances/:id/seats): the demo's own theatre (1,200) and arena (20,000) plan files,
 * and a generated 100,000-seat stadium of five bowls.
 */

export interface BenchData {
  name: string;
  plan: SeatingPlan;
  status: SeatStatus;
}

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
const seatId = (n: number) => `BE4C0000-0000-4000-8000-${hex(n, 12)}`;

function toContract(reserved: ReservedPlan, bandCodes: readonly string[]): SeatingPlan {
  const sections = [...reserved.sections].sort((a, b) => a.sortOrder - b.sortOrder);
  const sectionIndex = new Map(sections.map((s, i) => [s.code, i]));
  const bandIndex = new Map(bandCodes.map((code, i) => [code, i]));
  const { seats } = reserved;
  return {
    id: 'BE4C0000-0000-4000-8000-000000000000',
    seating: 'reserved',
    sections: sections.map(({ code, name, level }) => ({ code, name, level })),
    bands: bandCodes.map((code) => ({ code, name: `Band ${code}` })),
    seats: {
      id: seats.map((_, i) => seatId(i)),
      section: seats.map((s) => sectionIndex.get(s.section)!),
      row: seats.map((s) => s.row),
      number: seats.map((s) => s.number),
      x: seats.map((s) => s.x),
      y: seats.map((s) => s.y),
      band: seats.map((s) => bandIndex.get(s.band)!),
      flags: seats.map((s) =>
        (Object.keys(SEAT_FLAGS) as (keyof typeof SEAT_FLAGS)[]).reduce(
          (bits, flag) => (s[flag] ? bits | SEAT_FLAGS[flag] : bits),
          0,
        ),
      ),
    },
    areas: [],
    stage: reserved.stage,
  };
}

/**
 * An on-sale night: about a third of the house taken, in runs as real sales leave it, the same
 * every run (a fixed pseudo-random sequence).
 */
function statusFor(
  plan: SeatingPlan,
  currency: SeatStatus['currency'],
  prices: Record<string, number>,
): SeatStatus {
  let seed = 20_260_501;
  const random = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed / 2_147_483_647;
  };
  const count = plan.seats.id.length;
  const status: string[] = [];
  while (status.length < count) {
    const run = 1 + Math.floor(random() * 6);
    const code = random() < 0.33 ? '2' : '0';
    for (let k = 0; k < run && status.length < count; k += 1) status.push(code);
  }
  return {
    performanceId: 'BE4C0000-0000-4000-8000-0000000000FF',
    planId: plan.id,
    startsAt: '2026-08-01T18:30:00Z',
    seating: 'reserved',
    currency,
    seatSelectionLimit: 10,
    status: status.join(''),
    prices: Object.entries(prices).map(([band, price]) => ({ band, price })),
    priceOptions: Object.entries(prices).map(([band, price]) => ({
      code: band,
      name: `Band ${band}`,
      band,
      area: null,
      price,
      faceValue: null,
    })),
    areas: [],
    offers: [],
    presale: null,
    performanceNotice: null,
    admissionSectionMessage: null,
  };
}

/**
 * 100,000 seats: five bowls of 20, 30, 40, 50 and 60 sections (200 × 20 rows × 25 seats), each
 * ring sized so seats sit about 8 units apart, as in a real stadium's outer tiers.
 */
function stadiumPlan(): ReservedPlan {
  const sections: SectionDef[] = [];
  const seats: SeatDef[] = [];
  const bowls = [20, 30, 40, 50, 60];
  bowls.forEach((sectionCount, b) => {
    const radius = (sectionCount * 25 * 8) / (2 * Math.PI);
    const level = `Tier ${b + 1}`;
    for (let s = 0; s < sectionCount; s += 1) {
      const code = String((b + 1) * 100 + s + 1);
      sections.push({ code, name: `Section ${code}`, level, sortOrder: sections.length });
      for (let r = 1; r <= 20; r += 1) {
        for (let number = 1; number <= 25; number += 1) {
          const angle = ((s + (number - 0.5) / 25) / sectionCount) * 2 * Math.PI;
          const ring = radius + r * 9;
          seats.push({
            section: code,
            row: String(r),
            number,
            x: Math.round(2200 + ring * Math.cos(angle)),
            y: Math.round(2200 + ring * Math.sin(angle)),
            band: ARENA_BANDS[Math.min(b, 3)]!,
            zone: level,
            restrictedView: false,
            wheelchair: b === 0 && r === 20 && (number === 1 || number === 25),
            companion: b === 0 && r === 20 && (number === 2 || number === 24),
            accessZone: false,
            amex: b === 1 && s % 10 === 0 && r <= 5,
            aisleBefore: number === 1,
            aisleAfter: number === 25,
          });
        }
      }
    }
  });
  // A football pitch (105 × 68) in the middle of the innermost ring (radius 805).
  const stage = { kind: 'pitch', x: 1750, y: 1910, width: 900, height: 580 } as const;
  return { kind: 'reserved', name: 'Stadium', sections, seats, stage };
}

export function benchPlans(): BenchData[] {
  const theatre = toContract(theatrePlan(), THEATRE_BANDS);
  const arena = toContract(arenaPlan(), ARENA_BANDS);
  const stadium = toContract(stadiumPlan(), ARENA_BANDS);
  const usd = { A: 20_900, B: 14_400, C: 9_900, D: 6_600, R: 5_000 };
  return [
    {
      name: 'theatre',
      plan: theatre,
      status: statusFor(theatre, 'GBP', { A: 9_500, B: 7_250, C: 5_000, D: 2_800, R: 2_000 }),
    },
    { name: 'arena20k', plan: arena, status: statusFor(arena, 'USD', usd) },
    { name: 'map100k', plan: stadium, status: statusFor(stadium, 'USD', usd) },
  ];
}
