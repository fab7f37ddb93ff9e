import { describe, expect, it } from 'vitest';
import { SEAT_STATUS } from '@contract/api/constants';
import { applyStatus, buildSeatMapModel, isSelectable, SeatMapDataError } from './model';
import { seatName } from './seatName';
import { makePlan, makeStatus, miniSeat, miniTheatre } from './testPlans';
import { testIntl } from '../../../../tests/unit/renderInVenue';

const PRICES = { A: 6500, B: 4500, R: 4500 };

function theatre(status?: string) {
  const plan = miniTheatre();
  return buildSeatMapModel(plan, makeStatus(plan, { prices: PRICES, status }));
}

describe('buildSeatMapModel', () => {
  it('keeps every seat in plan order with its place, band, flags and status', () => {
    const plan = miniTheatre();
    const status = '2' + '0'.repeat(plan.seats.id.length - 2) + '1';
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: PRICES, status }));
    expect(model.count).toBe(66);
    expect(model.ids[5]).toBe(plan.seats.id[5]);
    const c12 = miniSeat(1, 'C', 12);
    expect([model.x[c12], model.y[c12], model.number[c12]]).toEqual([240, 140, 12]);
    expect(model.sections[model.section[c12]!]!.name).toBe('Dress Circle');
    expect(model.rows[model.row[c12]!]!.label).toBe('C');
    expect(model.bands[model.band[c12]!]).toEqual({
      code: 'R',
      name: 'Restricted view',
      price: 4500,
    });
    expect(model.flags[c12]).toBe(1);
    expect(model.status[0]).toBe(SEAT_STATUS.unavailable);
    expect(model.status[65]).toBe(SEAT_STATUS.heldByYou);
    expect(model.status[1]).toBe(SEAT_STATUS.available);
  });

  it('groups seats into rows by seat number, whatever order the plan lists them in', () => {
    const plan = makePlan(
      [{ code: 'S', name: 'Stalls', level: 'Stalls' }],
      [{ code: 'A', name: 'Band A' }],
      [3, 1, 2].map((number) => ({ section: 0, row: 'A', number, x: number * 10, y: 0, band: 0 })),
    );
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 100 } }));
    expect(model.rows).toHaveLength(1);
    expect([...model.rows[0]!.seats].map((i) => model.number[i])).toEqual([1, 2, 3]);
    expect(model.sections[0]!.rows).toEqual([0]);
  });

  it('knows the bounds, the parts of house and the seat spacing', () => {
    const model = theatre();
    expect(model.bounds).toEqual({ minX: 20, minY: 0, maxX: 240, maxY: 140 });
    expect(model.levels).toEqual(['Stalls', 'Dress Circle']);
    expect(model.pitch).toBe(20);
    // The aisle (40 between Stalls 5 and 6) does not count as the row's spacing.
    expect(model.rows[0]!.spacing).toBe(20);
  });

  it('refuses a status string that does not match the plan, and mismatched columns', () => {
    const plan = miniTheatre();
    expect(() =>
      buildSeatMapModel(plan, makeStatus(plan, { prices: PRICES, status: '000' })),
    ).toThrow(SeatMapDataError);
    const broken = miniTheatre();
    broken.seats.x.pop();
    expect(() => buildSeatMapModel(broken, makeStatus(plan, { prices: PRICES }))).toThrow(
      /column x/,
    );
  });

  it('treats a seat whose band has no price on sale as not choosable', () => {
    const plan = miniTheatre();
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 6500, B: 4500 } }));
    expect(model.bands[2]!.price).toBeNull();
    expect(isSelectable(model, miniSeat(1, 'C', 12))).toBe(false);
    expect(isSelectable(model, miniSeat(1, 'C', 10))).toBe(true);
  });
});

describe('applyStatus', () => {
  it('swaps in fresh availability and shares everything else with the old model', () => {
    const model = theatre();
    const next = applyStatus(model, '2'.repeat(model.count));
    expect(next.status.every((code) => code === SEAT_STATUS.unavailable)).toBe(true);
    expect(model.status.every((code) => code === SEAT_STATUS.available)).toBe(true);
    expect(next.x).toBe(model.x);
    expect(next.rows).toBe(model.rows);
    expect(() => applyStatus(model, '0')).toThrow(SeatMapDataError);
  });
});

describe('seatName', () => {
  const intl = testIntl();

  it('names a seat in full: section, row, seat, what sets it apart, all-in price', () => {
    const model = theatre();
    expect(seatName(model, miniSeat(1, 'C', 12), intl)).toBe(
      'Dress Circle, Row C, Seat 12, restricted view, £45',
    );
    expect(seatName(model, miniSeat(0, 'A', 1), intl)).toBe(
      'Stalls, Row A, Seat 1, wheelchair space, £65',
    );
    expect(seatName(model, miniSeat(0, 'A', 2), intl)).toBe(
      'Stalls, Row A, Seat 2, companion seat, £65',
    );
    expect(seatName(model, miniSeat(0, 'C', 1), intl)).toBe(
      'Stalls, Row C, Seat 1, access zone, £65',
    );
    expect(seatName(model, miniSeat(1, 'B', 6), intl)).toBe(
      'Dress Circle, Row B, Seat 6, American Express seat, £45',
    );
  });

  it('gives pence when the price has them, in the performance currency', () => {
    const plan = miniTheatre();
    const gbp = buildSeatMapModel(
      plan,
      makeStatus(plan, { prices: { A: 6550, B: 4500, R: 4500 } }),
    );
    expect(seatName(gbp, 0, intl)).toBe('Stalls, Row A, Seat 1, wheelchair space, £65.50');
    const usd = buildSeatMapModel(
      plan,
      makeStatus(plan, { prices: { A: 6550, B: 4500, R: 4500 }, currency: 'USD' }),
    );
    expect(seatName(usd, 5, testIntl('en-US'))).toBe('Stalls, Row A, Seat 6, $65.50');
  });

  it('says a taken seat is unavailable instead of giving its price, and marks seats held for you', () => {
    const model = applyStatus(theatre(), '21' + '0'.repeat(64));
    expect(seatName(model, 0, intl)).toBe('Stalls, Row A, Seat 1, wheelchair space, unavailable');
    expect(seatName(model, 1, intl)).toBe(
      'Stalls, Row A, Seat 2, companion seat, held for you, £65',
    );
  });
});
