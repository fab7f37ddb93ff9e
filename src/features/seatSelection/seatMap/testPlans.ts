import type { SeatStatus, SeatingPlan } from '@contract/api/holds';
import { useState } from 'react';
import { buildSeatMapModel, type SeatMapModel } from './model';

/**
 * Plans for the seat map's tests, shaped exactly as the booking API sends them (contract types).
 * Only test files import this module.
 */

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
export const testSeatId = (n: number) => `5EA75EA7-0000-4000-8000-${hex(n, 12)}`;

export interface TestSeat {
  section: number;
  row: string;
  number: number;
  x: number;
  y: number;
  band: number;
  flags?: number;
}

export function makePlan(
  sections: SeatingPlan['sections'],
  bands: SeatingPlan['bands'],
  seats: TestSeat[],
): SeatingPlan {
  return {
    id: '0B1C2D3E-4F50-4617-8A9B-0C1D2E3F4A5B',
    seating: 'reserved',
    sections,
    bands,
    seats: {
      id: seats.map((_, i) => testSeatId(i)),
      section: seats.map((s) => s.section),
      row: seats.map((s) => s.row),
      number: seats.map((s) => s.number),
      x: seats.map((s) => s.x),
      y: seats.map((s) => s.y),
      band: seats.map((s) => s.band),
      flags: seats.map((s) => s.flags ?? 0),
    },
    areas: [],
  };
}

export function makeStatus(
  plan: SeatingPlan,
  options: {
    status?: string;
    prices: Record<string, number>;
    currency?: SeatStatus['currency'];
    priceOptions?: SeatStatus['priceOptions'];
    seatSelectionLimit?: number;
  },
): SeatStatus {
  return {
    performanceId: '3F2504E0-4F89-11D3-9A0C-0305E82C3301',
    planId: plan.id,
    startsAt: '2026-08-01T18:30:00Z',
    seating: 'reserved',
    currency: options.currency ?? 'GBP',
    seatSelectionLimit: options.seatSelectionLimit ?? 8,
    status: options.status ?? '0'.repeat(plan.seats.id.length),
    prices: Object.entries(options.prices).map(([band, price]) => ({ band, price })),
    priceOptions:
      options.priceOptions ??
      Object.entries(options.prices).map(([band, price]) => ({
        code: 'FULL',
        name: 'Full Price',
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
 * A small theatre: Stalls rows A–C of 10 seats with a centre aisle between seats 5 and 6, and a
 * Dress Circle rows A–C of 12. Stalls A1 is a wheelchair space and A2 its companion seat, Stalls
 * C1–C2 an access zone, Dress Circle B5–B8 American Express seats, Dress Circle C11–C12 a
 * restricted view in band R.
 */
export function miniTheatre(): SeatingPlan {
  const seats: TestSeat[] = [];
  const rows = ['A', 'B', 'C'];
  rows.forEach((row, r) => {
    for (let n = 1; n <= 10; n += 1) {
      seats.push({
        section: 0,
        row,
        number: n,
        x: n * 20 + (n > 5 ? 20 : 0),
        y: r * 20,
        band: 0,
        flags:
          row === 'A' && n === 1 ? 2 : row === 'A' && n === 2 ? 4 : row === 'C' && n <= 2 ? 8 : 0,
      });
    }
  });
  rows.forEach((row, r) => {
    for (let n = 1; n <= 12; n += 1) {
      const restricted = row === 'C' && n >= 11;
      seats.push({
        section: 1,
        row,
        number: n,
        x: n * 20,
        y: 100 + r * 20,
        band: restricted ? 2 : 1,
        flags: restricted ? 1 : row === 'B' && n >= 5 && n <= 8 ? 16 : 0,
      });
    }
  });
  return makePlan(
    [
      { code: 'STALLS', name: 'Stalls', level: 'Stalls' },
      { code: 'DRESS', name: 'Dress Circle', level: 'Dress Circle' },
    ],
    [
      { code: 'A', name: 'Band A' },
      { code: 'B', name: 'Band B' },
      { code: 'R', name: 'Restricted view' },
    ],
    seats,
  );
}

/** Index of a seat of miniTheatre by section (0 Stalls, 1 Dress Circle), row and number. */
export function miniSeat(section: 0 | 1, row: 'A' | 'B' | 'C', number: number): number {
  const r = row.charCodeAt(0) - 65;
  return section === 0 ? r * 10 + number - 1 : 30 + r * 12 + number - 1;
}

/** A block of sections × rows × seats on a grid, for size tests (40 × 20 × 25 = 20,000). */
export function gridPlan(sectionCount: number, rowCount: number, seatsPerRow: number): SeatingPlan {
  const seats: TestSeat[] = [];
  for (let s = 0; s < sectionCount; s += 1) {
    for (let r = 0; r < rowCount; r += 1) {
      for (let n = 1; n <= seatsPerRow; n += 1) {
        seats.push({
          section: s,
          row: String(r + 1),
          number: n,
          x: (s % 10) * (seatsPerRow + 3) * 10 + n * 10,
          y: Math.floor(s / 10) * (rowCount + 3) * 10 + r * 10,
          band: s % 2,
        });
      }
    }
  }
  return makePlan(
    Array.from({ length: sectionCount }, (_, s) => ({
      code: String(101 + s),
      name: `Section ${101 + s}`,
      level: s < sectionCount / 2 ? 'Lower Bowl' : 'Upper Bowl',
    })),
    [
      { code: 'A', name: 'Sideline' },
      { code: 'B', name: 'End' },
    ],
    seats,
  );
}

/** The mini theatre priced A £65, B £45, R £30, its seats free unless `status` says otherwise. */
export function theatreModel(status?: string): SeatMapModel {
  const plan = miniTheatre();
  return buildSeatMapModel(
    plan,
    makeStatus(plan, { prices: { A: 6500, B: 4500, R: 3000 }, status }),
  );
}

/** A harness's selection: the seats ticked so far, and the toggle a picker calls. */
export function useSeatSelection(): [ReadonlySet<number>, (seat: number) => void] {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const toggle = (seat: number) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(seat)) next.delete(seat);
      else next.add(seat);
      return next;
    });
  return [selected, toggle];
}
