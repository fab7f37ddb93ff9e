import { describe, expect, it } from 'vitest';
import { buildSeatMapModel } from './model';
import { seatOutlook } from './seatOutlook';
import { makeStatus, miniSeat, miniTheatre } from './testPlans';

const plan = miniTheatre();
const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 1, B: 1, R: 1 } }));

describe('seatOutlook', () => {
  it('places a seat by its row depth, its place along the row and its part of house', () => {
    expect(seatOutlook(model, miniSeat(0, 'A', 1))).toEqual({
      depth: 0,
      side: -1,
      elevation: 0,
      restrictedView: false,
    });
    expect(seatOutlook(model, miniSeat(1, 'C', 12))).toEqual({
      depth: 1,
      side: 1,
      elevation: 1,
      restrictedView: true,
    });
    const middle = seatOutlook(model, miniSeat(0, 'B', 5));
    expect(middle.depth).toBe(0.5);
    expect(middle.side).toBeCloseTo(-1 / 9);
  });
});
