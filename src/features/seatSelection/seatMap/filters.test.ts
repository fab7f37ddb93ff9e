import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  contiguousSeats,
  filterMask,
  activeFilterCount,
  isFiltering,
  narrowingPriceOptions,
  matchesSeatTypes,
  priceOptionChoices,
  type SeatFilterState,
} from './filters';
import { SEAT_FLAGS } from '@contract/api/constants';
import { applyStatus, buildSeatMapModel } from './model';
import { makeStatus, miniSeat, miniTheatre } from './testPlans';

const plan = miniTheatre();
const base = buildSeatMapModel(
  plan,
  makeStatus(plan, {
    prices: { A: 6500, B: 4500, R: 3000 },
    priceOptions: [
      { code: 'FULL', name: 'Full Price', band: 'A', area: null, price: 6500, faceValue: null },
      { code: 'FULL', name: 'Full Price', band: 'B', area: null, price: 4500, faceValue: null },
      { code: 'FULL', name: 'Full Price', band: 'R', area: null, price: 3000, faceValue: null },
      { code: 'CONC', name: 'Concession', band: 'B', area: null, price: 3500, faceValue: null },
      { code: 'CONC', name: 'Concession', band: 'R', area: null, price: 2500, faceValue: null },
    ],
  }),
);

/** The seats a mask keeps, as "section row number" for readable failures. */
function kept(mask: Uint8Array, model = base): string[] {
  const names: string[] = [];
  mask.forEach((on, i) => {
    if (on === 1) {
      names.push(
        `${model.sections[model.section[i]!]!.code} ${model.rows[model.row[i]!]!.label}${model.number[i]}`,
      );
    }
  });
  return names;
}

const filters = (over: Partial<SeatFilterState>): SeatFilterState => ({ ...NO_FILTERS, ...over });

describe('seat filters', () => {
  it('keeps every seat when nothing is chosen', () => {
    expect(isFiltering(NO_FILTERS)).toBe(false);
    expect(filterMask(base, NO_FILTERS).every((on) => on === 1)).toBe(true);
  });

  it('seat types: any of the chosen types, "standard" meaning no flag at all', () => {
    expect(matchesSeatTypes(0, ['standard'])).toBe(true);
    expect(matchesSeatTypes(SEAT_FLAGS.amex, ['standard'])).toBe(false);
    expect(matchesSeatTypes(SEAT_FLAGS.amex | SEAT_FLAGS.restrictedView, ['restrictedView'])).toBe(
      true,
    );
    expect(kept(filterMask(base, filters({ seatTypes: ['wheelchair', 'companion'] })))).toEqual([
      'STALLS A1',
      'STALLS A2',
    ]);
    expect(kept(filterMask(base, filters({ seatTypes: ['restrictedView'] })))).toEqual([
      'DRESS C11',
      'DRESS C12',
    ]);
    const standard = kept(filterMask(base, filters({ seatTypes: ['standard'] })));
    expect(standard).not.toContain('STALLS A1');
    expect(standard).not.toContain('DRESS B5');
    expect(standard).toHaveLength(66 - 2 - 2 - 4 - 2);
  });

  it('price options: seats in the bands that sell the chosen option', () => {
    expect(priceOptionChoices(base)).toEqual([
      { code: 'FULL', name: 'Full Price', price: 3000 },
      { code: 'CONC', name: 'Concession', price: 2500 },
    ]);
    const concession = kept(filterMask(base, filters({ priceOptions: ['CONC'] })));
    expect(concession.every((name) => name.startsWith('DRESS'))).toBe(true);
    expect(concession).toHaveLength(36);
  });

  it('offers only the price options that narrow the seats: one sold in every band repeats the band filter', () => {
    expect(narrowingPriceOptions(base)).toEqual([
      { code: 'CONC', name: 'Concession', price: 2500 },
    ]);
    // Where each band has its own single option (the demo theatres), options are the bands.
    const oneEach = buildSeatMapModel(
      plan,
      makeStatus(plan, {
        prices: { A: 6500, B: 4500, R: 3000 },
        priceOptions: [
          { code: 'A', name: 'Band A', band: 'A', area: null, price: 6500, faceValue: null },
          { code: 'B', name: 'Band B', band: 'B', area: null, price: 4500, faceValue: null },
          {
            code: 'R',
            name: 'Restricted view',
            band: 'R',
            area: null,
            price: 3000,
            faceValue: null,
          },
        ],
      }),
    );
    expect(priceOptionChoices(oneEach)).toHaveLength(3);
    expect(narrowingPriceOptions(oneEach)).toEqual([]);
    expect(activeFilterCount(filters({ bands: ['A', 'B'], level: 'Stalls', together: 2 }))).toBe(4);
  });

  it('part of house and price band narrow to their seats', () => {
    expect(kept(filterMask(base, filters({ level: 'Dress Circle' })))).toHaveLength(36);
    expect(kept(filterMask(base, filters({ bands: ['R'] })))).toEqual(['DRESS C11', 'DRESS C12']);
    expect(kept(filterMask(base, filters({ bands: ['R'], level: 'Stalls' })))).toEqual([]);
  });

  it('seats together: only seats in a run of N free adjacent seats, never across an aisle', () => {
    // Stalls row B: 3 and 8 taken. Left of the aisle 1–2 and 4–5 are free; right of it 6–7, 9–10.
    const status = '0'.repeat(66).split('');
    status[miniSeat(0, 'B', 3)] = '2';
    status[miniSeat(0, 'B', 8)] = '2';
    const model = applyStatus(base, status.join(''));
    const rowB = (mask: Uint8Array) => kept(mask, model).filter((n) => n.startsWith('STALLS B'));
    expect(rowB(filterMask(model, filters({ together: 2 })))).toEqual([
      'STALLS B1',
      'STALLS B2',
      'STALLS B4',
      'STALLS B5',
      'STALLS B6',
      'STALLS B7',
      'STALLS B9',
      'STALLS B10',
    ]);
    expect(rowB(filterMask(model, filters({ together: 3 })))).toEqual([]);
    // Row A has no taken seat but the aisle splits it into two runs of five.
    const rowA = kept(filterMask(model, filters({ together: 6 })), model).filter((n) =>
      n.startsWith('STALLS A'),
    );
    expect(rowA).toEqual([]);
    expect(
      kept(filterMask(model, filters({ together: 5 })), model).filter((n) =>
        n.startsWith('STALLS A'),
      ),
    ).toHaveLength(10);
  });

  it('seats together counts only seats that pass the other filters', () => {
    // Dress Circle row C: 1–10 band B, 11–12 band R. Two together in band R: just 11–12.
    expect(kept(filterMask(base, filters({ bands: ['R'], together: 2 })))).toEqual([
      'DRESS C11',
      'DRESS C12',
    ]);
    expect(kept(filterMask(base, filters({ bands: ['R'], together: 3 })))).toEqual([]);
  });

  it('contiguousSeats with a run size of one keeps the candidates as they are', () => {
    const candidates = new Uint8Array(base.count);
    candidates[4] = 1;
    expect([...contiguousSeats(base, candidates, 1)]).toEqual([...candidates]);
    expect(contiguousSeats(base, candidates, 2).every((on) => on === 0)).toBe(true);
  });
});
