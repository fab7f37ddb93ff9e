import { describe, expect, it } from 'vitest';
import { buildSeatMapModel } from './model';
import {
  buildPlanGeometry,
  convexHull,
  insidePolygon,
  polygonCentre,
  rowLabelStep,
  sectionAt,
  sectionAvailability,
} from './planGeometry';
import { buildSpatialIndex } from './spatialIndex';
import { gridPlan, makePlan, makeStatus, miniSeat, miniTheatre, theatreModel } from './testPlans';

const geometryOf = (model: ReturnType<typeof theatreModel>) =>
  buildPlanGeometry(model, buildSpatialIndex(model.x, model.y, model.bounds, model.pitch * 2));

describe('convexHull', () => {
  it('keeps only the outline of a block of seats, corners and all', () => {
    // A 3 × 3 block: the middle seat and the edge midpoints are inside or on the outline.
    const xs = [0, 10, 20, 0, 10, 20, 0, 10, 20];
    const ys = [0, 0, 0, 10, 10, 10, 20, 20, 20];
    const hull = convexHull(xs, ys, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const corners = new Set<string>();
    for (let k = 0; k < hull.length; k += 2) corners.add(`${hull[k]},${hull[k + 1]}`);
    expect(corners).toEqual(new Set(['0,0', '20,0', '20,20', '0,20']));
    expect(polygonCentre(hull)).toEqual({ centre: { x: 10, y: 10 }, area: 400 });
  });

  it('tells a point inside an outline from one outside, corners of a diamond included', () => {
    const diamond = new Float64Array([0, -10, 10, 0, 0, 10, -10, 0]);
    expect(insidePolygon(diamond, 0, 0)).toBe(true);
    expect(insidePolygon(diamond, 4, 4)).toBe(true);
    // Inside the diamond's bounding box, outside the diamond.
    expect(insidePolygon(diamond, 7, 7)).toBe(false);
  });

  it('outlines a curved bowl of many seats with exactly the corners a full search finds', () => {
    // Rows on arcs, as a stadium bowl's are, plus a few seats at the very corners: the quick
    // pass that sets aside seats inside the extremes must not lose or add a corner.
    const xs: number[] = [];
    const ys: number[] = [];
    for (let row = 0; row < 8; row += 1) {
      for (let k = 0; k < 15; k += 1) {
        const angle = 0.4 + (k / 14) * 1.2;
        xs.push(Math.round((300 + row * 9) * Math.cos(angle) * 10) / 10);
        ys.push(Math.round((300 + row * 9) * Math.sin(angle) * 10) / 10);
      }
    }
    xs.push(0, 560, 0);
    ys.push(100, 100, 560);
    const seats = xs.map((_, i) => i);
    // Every pair whose line has all seats on one side is an edge: its ends are corners.
    const corners = new Set<number>();
    for (const a of seats) {
      for (const b of seats) {
        if (a === b || (xs[a] === xs[b] && ys[a] === ys[b])) continue;
        const sides = seats.map((p) =>
          Math.sign((xs[b]! - xs[a]!) * (ys[p]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[p]! - xs[a]!)),
        );
        if (sides.every((side) => side >= 0)) {
          const onLine = seats.filter((_, p) => sides[p] === 0);
          // Of the seats on an edge, only its two ends are corners.
          const along = (p: number) =>
            (xs[p]! - xs[a]!) * (xs[b]! - xs[a]!) + (ys[p]! - ys[a]!) * (ys[b]! - ys[a]!);
          const ends = [...onLine].sort((p, q) => along(p) - along(q));
          corners.add(ends[0]!).add(ends.at(-1)!);
        }
      }
    }
    const hull = convexHull(xs, ys, seats);
    const found = new Set<string>();
    for (let k = 0; k < hull.length; k += 2) found.add(`${hull[k]},${hull[k + 1]}`);
    expect(found).toEqual(new Set([...corners].map((p) => `${xs[p]},${ys[p]}`)));
  });

  it('gives a one-row section a line with no area, centred on its seats', () => {
    const hull = convexHull([0, 10, 20], [5, 5, 5], [0, 1, 2]);
    expect(polygonCentre(hull)).toEqual({ centre: { x: 10, y: 5 }, area: 0 });
  });
});

describe('buildPlanGeometry', () => {
  it('outlines each section around its seats and finds the section under a point', () => {
    const model = theatreModel();
    const geometry = geometryOf(model);
    expect(geometry.sections).toHaveLength(2);
    const stalls = geometry.sections[0]!;
    // Stalls seats span x 20–220, y 0–40; the outline is grown by about half a seat.
    expect(stalls.bounds.minX).toBeLessThan(20);
    expect(stalls.bounds.maxX).toBeGreaterThan(220);
    expect(stalls.bounds.maxY).toBeLessThan(100);
    expect(sectionAt(geometry, 130, 20)).toBe(0);
    expect(sectionAt(geometry, 130, 120)).toBe(1);
    // Between the Stalls and the Dress Circle.
    expect(sectionAt(geometry, 130, 70)).toBe(-1);
  });

  it('outlines every seat of a section, on a curve, whose middle rows reach out furthest', () => {
    // Seven rows on arcs round a stage, the middle ones the longest (a section that bulges at
    // its sides): the outline, taken over fewer of the middle rows' seats, still holds each one.
    const seats = [];
    for (let row = 0; row < 7; row += 1) {
      const reach = 0.3 + 0.1 * (3 - Math.abs(3 - row));
      const count = Math.round(reach * 120);
      for (let k = 0; k < count; k += 1) {
        const angle = Math.PI / 2 - reach + (2 * reach * k) / (count - 1);
        const radius = 400 + row * 30;
        const rowLabel = 'ABCDEFG'[row]!;
        seats.push({
          section: 0,
          row: rowLabel,
          number: k + 1,
          band: 0,
          x: radius * Math.cos(angle),
          y: radius * Math.sin(angle),
        });
      }
    }
    const plan = makePlan(
      [{ code: 'W', name: 'West', level: 'Bowl' }],
      [{ code: 'A', name: 'A' }],
      seats,
    );
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 5000 } }));
    const { hull } = geometryOf(model).sections[0]!;
    const outside = seats.filter((seat) => !insidePolygon(hull, seat.x, seat.y));
    expect(outside).toEqual([]);
  });

  it('puts a section’s name on the side facing the stage, or above it when there is none', () => {
    const withoutStage = geometryOf(theatreModel());
    expect(withoutStage.sections[0]!.toStage).toEqual({ x: 0, y: -1 });

    const plan = {
      ...miniTheatre(),
      stage: { kind: 'stage' as const, x: 270, y: 0, width: 40, height: 140 },
    };
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 1, B: 1, R: 1 } }));
    const stalls = geometryOf(model).sections[0]!;
    // A stage to the right of the house: the name goes on the right, past the seats.
    expect(stalls.toStage.x).toBeGreaterThan(0.9);
    expect(stalls.centre.x + stalls.reach).toBeGreaterThan(220);
    expect(model.extent.maxX).toBe(310);
  });

  it('leaves room for a row letter only where no other seat is in the way', () => {
    // Two sections side by side with no aisle: the inner ends are blocked, the outer ones free.
    const seats = [0, 1].flatMap((section) =>
      [0, 1].flatMap((r) =>
        [1, 2, 3].map((n) => ({
          section,
          row: String.fromCharCode(65 + r),
          number: n,
          x: section * 30 + n * 10,
          y: r * 12,
          band: 0,
        })),
      ),
    );
    const plan = makePlan(
      [
        { code: 'L', name: 'Left', level: 'Stalls' },
        { code: 'R', name: 'Right', level: 'Stalls' },
      ],
      [{ code: 'A', name: 'A' }],
      seats,
    );
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 100 } }));
    const ends = geometryOf(model).rowEnds();
    const leftRowA = ends.filter((end) => end.row === 0);
    expect(leftRowA.map((end) => end.dx)).toEqual([-1, 1]);
    expect(leftRowA[0]!.clearance).toBe(Infinity);
    // Left A3 (x 30) is one seat from Right A1 (x 40).
    expect(leftRowA[1]!.clearance).toBe(10);
  });

  it('measures the gap between rows for the letters’ density', () => {
    expect(geometryOf(theatreModel()).rowGap).toBe(20);
  });
});

describe('rowLabelStep', () => {
  it('labels every row once rows are 11 px apart, every second or third before, none further out', () => {
    expect(rowLabelStep(20)).toBe(1);
    expect(rowLabelStep(11)).toBe(1);
    expect(rowLabelStep(8)).toBe(2);
    expect(rowLabelStep(4)).toBe(3);
    expect(rowLabelStep(3)).toBeNull();
    expect(rowLabelStep(0)).toBeNull();
  });
});

describe('sectionAvailability', () => {
  it('counts what a buyer could still choose per section, and its lowest all-in price', () => {
    // Stalls A1 taken; the Dress Circle's restricted C11–C12 are the cheapest (band R).
    const model = theatreModel('2' + '0'.repeat(65));
    const availability = sectionAvailability(model, null);
    expect([...availability.left]).toEqual([29, 36]);
    expect([...availability.total]).toEqual([30, 36]);
    expect(availability.from).toEqual([6500, 3000]);
  });

  it('counts the seats matching the filters apart from what is left', () => {
    const model = theatreModel();
    const mask = new Uint8Array(model.count);
    mask[miniSeat(1, 'A', 3)] = 1;
    const availability = sectionAvailability(model, mask);
    expect([...availability.matching]).toEqual([0, 1]);
    // Filters hide seats from the buyer's view; they do not sell them.
    expect([...availability.left]).toEqual([30, 36]);
  });

  it('reports a sold-out section with no price', () => {
    const model = theatreModel('2'.repeat(30) + '0'.repeat(36));
    const availability = sectionAvailability(model, null);
    expect([...availability.left]).toEqual([0, 36]);
    expect(availability.from).toEqual([null, 3000]);
    expect([...availability.fromBand]).toEqual([-1, 2]);
  });

  it('handles a 20,000-seat plan', () => {
    const plan = gridPlan(40, 20, 25);
    const model = buildSeatMapModel(plan, makeStatus(plan, { prices: { A: 9000, B: 6000 } }));
    const availability = sectionAvailability(model, null);
    expect(availability.left.reduce((a, b) => a + b, 0)).toBe(20_000);
    expect(availability.from[0]).toBe(9000);
    expect(availability.from[1]).toBe(6000);
  });
});
