import { describe, expect, it } from 'vitest';
import { buildSeatMapModel } from './model';
import { buildSpatialIndex, forEachSeatInRect, nearestSeat } from './spatialIndex';
import { gridPlan, makeStatus } from './testPlans';

function arena() {
  const plan = gridPlan(40, 20, 25);
  const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 100, B: 50 } }));
  return { model, index: buildSpatialIndex(model.x, model.y, model.bounds, model.pitch * 2) };
}

/** The answer by brute force, to check the grid against. */
function bruteNearest(x: Float32Array, y: Float32Array, px: number, py: number, max: number) {
  let best = -1;
  let bestDistance = max * max;
  for (let i = 0; i < x.length; i += 1) {
    const d = (x[i]! - px) ** 2 + (y[i]! - py) ** 2;
    if (d < bestDistance || (d === bestDistance && best === -1)) {
      best = i;
      bestDistance = d;
    }
  }
  return best;
}

describe('spatial index', () => {
  it('finds the seat under a point, and nothing in an aisle or off the plan', () => {
    const { model, index } = arena();
    const seat = 12_345;
    expect(nearestSeat(index, model.x[seat]! + 2, model.y[seat]! - 3, 7)).toBe(seat);
    // Between two sections of the grid there are 30 units of gap.
    expect(nearestSeat(index, model.x[24]! + 15, model.y[24]!, 7)).toBe(-1);
    expect(nearestSeat(index, -500, -500, 7)).toBe(-1);
    expect(nearestSeat(index, 1e6, 1e6, 7)).toBe(-1);
  });

  it('agrees with a brute-force search at random points of a 20,000-seat plan', () => {
    const { model, index } = arena();
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const { minX, minY, maxX, maxY } = model.bounds;
    for (let k = 0; k < 500; k += 1) {
      const px = minX - 20 + random() * (maxX - minX + 40);
      const py = minY - 20 + random() * (maxY - minY + 40);
      expect(nearestSeat(index, px, py, 8)).toBe(bruteNearest(model.x, model.y, px, py, 8));
    }
  });

  it('skips seats the caller does not accept', () => {
    const { model, index } = arena();
    const seat = 500;
    const found = nearestSeat(index, model.x[seat]!, model.y[seat]!, 15, (i) => i !== seat);
    expect(found).not.toBe(seat);
    expect(found).toBeGreaterThanOrEqual(0);
  });

  it('lists exactly the seats inside a rectangle', () => {
    const { model, index } = arena();
    const rect = { minX: 100, minY: 50, maxX: 300, maxY: 120 };
    const found: number[] = [];
    forEachSeatInRect(index, rect, (seat) => found.push(seat));
    const expected: number[] = [];
    for (let i = 0; i < model.count; i += 1) {
      if (model.x[i]! >= 100 && model.x[i]! <= 300 && model.y[i]! >= 50 && model.y[i]! <= 120) {
        expected.push(i);
      }
    }
    expect(found.sort((a, b) => a - b)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(50);
  });

  it('keeps the grid small for a sparse plan (two far-apart seats)', () => {
    const x = Float32Array.of(0, 1_000_000);
    const y = Float32Array.of(0, 1_000_000);
    const index = buildSpatialIndex(x, y, { minX: 0, minY: 0, maxX: 1e6, maxY: 1e6 }, 1);
    expect(index.columns * index.rows).toBeLessThanOrEqual(16);
    expect(nearestSeat(index, 1_000_000, 999_999, 5)).toBe(1);
  });
});
