import { SEAT_STATUS } from '@contract/api/constants';
import type { Bounds, SeatMapModel } from './model';
import { forEachSeatInRect, type LazySpatialIndex, type SpatialIndex } from './spatialIndex';
import type { Point } from './viewTransform';

/**
 * The shapes and label places of a plan, worked out once per plan (never per frame): each
 * section's outline (the convex hull of its seats), where its name goes, and, on first need,
 * where each row's letter fits at its ends.
 */

export interface SectionShape {
  /** Convex hull of the section's seats grown by about half a seat: x0, y0, x1, y1, … */
  hull: Float64Array;
  bounds: Bounds;
  /** Area centroid of the hull: the overview's label goes here. */
  centre: Point;
  /** Plan units²; 0 for a one-seat or one-line section. */
  area: number;
  /** Unit vector from the section towards the stage (up when the plan has none). */
  toStage: Point;
  /** How far the hull reaches from the centre towards the stage: the name sits just past it. */
  reach: number;
}

/** One end of a row: the end seat, and the way out of the row (a unit vector). */
export interface RowEnd {
  row: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
  /** Plan units past the end seat before another seat is in the way (Infinity when none). */
  clearance: number;
}

export interface PlanGeometry {
  sections: SectionShape[];
  /** Typical distance between neighbouring rows of a section (plan units). */
  rowGap: number;
  /** Each row's place in its section (0 = front): thinned-out letters keep the same rows. */
  rowOrdinal: Int32Array;
  /** Both ends of every row, measured on first use (label placement needs them only close in). */
  rowEnds: () => readonly RowEnd[];
}

/** The hull is grown by this share of a seat pitch, so the shape covers the seats' discs. */
const HULL_GROWTH = 0.45;
/**
 * How far past a row's end (in pitches) another seat is looked for: more room than a letter
 * needs at the zoom where letters first show.
 */
const CLEARANCE_SEARCH_PITCHES = 6;
/**
 * The outline is taken over every HULL_SAMPLE-th seat of a section's front and back rows and
 * their two ends: a curved row strays from the chords between samples by far less than the
 * outline's growth. The rows between lie inside those two, so only their ends (and every
 * HULL_SAMPLE_BETWEEN-th seat, for a section whose middle rows reach out further) can be
 * corners: a 20,000-seat arena's outlines take a sixth of its seats, not a quarter.
 */
const HULL_SAMPLE = 4;
const HULL_SAMPLE_BETWEEN = 16;

/**
 * The seats that may be corners of the hull: those not strictly inside the quadrilateral of the
 * four extreme seats (leftmost, lowest, rightmost, highest). In a section that is most of its
 * seats, so the sort below has a small part of them to order (Akl and Toussaint's heuristic).
 */
function hullCandidates(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  seats: readonly number[],
): number[] {
  if (seats.length < 8) return [...seats];
  let left = seats[0]!;
  let right = left;
  let low = left;
  let high = left;
  for (const p of seats) {
    if (xs[p]! < xs[left]!) left = p;
    if (xs[p]! > xs[right]!) right = p;
    if (ys[p]! < ys[low]!) low = p;
    if (ys[p]! > ys[high]!) high = p;
  }
  // Counter-clockwise in a y-down plan: left, high (bottom of the screen), right, low.
  const corners = [left, high, right, low];
  const edges: number[] = [];
  for (let k = 0; k < 4; k += 1) {
    const a = corners[k]!;
    const b = corners[(k + 1) % 4]!;
    if (xs[a] !== xs[b] || ys[a] !== ys[b]) edges.push(a, b);
  }
  if (edges.length < 6) return [...seats];
  // Orientation of the quadrilateral, whichever way its corners turn.
  let turn = 0;
  for (let k = 0; k < edges.length; k += 2) {
    turn += xs[edges[k]!]! * ys[edges[k + 1]!]! - xs[edges[k + 1]!]! * ys[edges[k]!]!;
  }
  const sign = turn > 0 ? 1 : -1;
  const kept: number[] = [];
  for (const p of seats) {
    let inside = true;
    for (let k = 0; k < edges.length && inside; k += 2) {
      const a = edges[k]!;
      const b = edges[k + 1]!;
      const side = (xs[b]! - xs[a]!) * (ys[p]! - ys[a]!) - (ys[b]! - ys[a]!) * (xs[p]! - xs[a]!);
      if (side * sign <= 0) inside = false;
    }
    if (!inside) kept.push(p);
  }
  return kept;
}

/** Monotone chain over the given seats; returns the hull counter-clockwise as x, y pairs. */
export function convexHull(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  seats: readonly number[],
): Float64Array {
  const order = hullCandidates(xs, ys, seats).sort((a, b) => xs[a]! - xs[b]! || ys[a]! - ys[b]!);
  const n = order.length;
  if (n <= 2) return hullOf(xs, ys, order, n);
  // One stack for both chains (left to right along the bottom, back along the top), the turn
  // worked out in place: this runs before the map's first paint, where a call per point costs
  // more than the arithmetic.
  const chain = new Int32Array(2 * n);
  let size = 0;
  let floor = 0;
  for (let step = 0; step < 2 * n - 1; step += 1) {
    // The upper chain starts from the lower's last point, which it must not pop.
    if (step === n) floor = size - 1;
    const p = order[step < n ? step : 2 * n - 2 - step]!;
    const px = xs[p]!;
    const py = ys[p]!;
    while (size >= floor + 2) {
      const o = chain[size - 2]!;
      const a = chain[size - 1]!;
      const ox = xs[o]!;
      const oy = ys[o]!;
      if ((xs[a]! - ox) * (py - oy) - (ys[a]! - oy) * (px - ox) > 0) break;
      size -= 1;
    }
    chain[size++] = p;
  }
  // The last point is the first again.
  return hullOf(xs, ys, chain, size - 1);
}

function hullOf(
  xs: ArrayLike<number>,
  ys: ArrayLike<number>,
  points: ArrayLike<number>,
  count: number,
): Float64Array {
  const hull = new Float64Array(count * 2);
  for (let k = 0; k < count; k += 1) {
    hull[k * 2] = xs[points[k]!]!;
    hull[k * 2 + 1] = ys[points[k]!]!;
  }
  return hull;
}

/** Shoelace area and centroid; a degenerate polygon's centroid is its vertices' mean. */
export function polygonCentre(hull: Float64Array): { centre: Point; area: number } {
  const n = hull.length / 2;
  let twiceArea = 0;
  let cx = 0;
  let cy = 0;
  let mx = 0;
  let my = 0;
  for (let k = 0; k < n; k += 1) {
    const x0 = hull[k * 2]!;
    const y0 = hull[k * 2 + 1]!;
    const x1 = hull[((k + 1) % n) * 2]!;
    const y1 = hull[((k + 1) % n) * 2 + 1]!;
    const step = x0 * y1 - x1 * y0;
    twiceArea += step;
    cx += (x0 + x1) * step;
    cy += (y0 + y1) * step;
    mx += x0;
    my += y0;
  }
  if (Math.abs(twiceArea) < 1e-9) {
    return { centre: { x: mx / Math.max(n, 1), y: my / Math.max(n, 1) }, area: 0 };
  }
  return {
    centre: { x: cx / (3 * twiceArea), y: cy / (3 * twiceArea) },
    area: Math.abs(twiceArea) / 2,
  };
}

/** Moves each vertex `by` further from the centre, so the outline clears the seats' edges. */
function grow(hull: Float64Array, centre: Point, by: number): Float64Array {
  const grown = new Float64Array(hull.length);
  for (let k = 0; k < hull.length; k += 2) {
    const dx = hull[k]! - centre.x;
    const dy = hull[k + 1]! - centre.y;
    const length = Math.hypot(dx, dy) || 1;
    grown[k] = hull[k]! + (dx / length) * by;
    grown[k + 1] = hull[k + 1]! + (dy / length) * by;
  }
  return grown;
}

function boundsOf(hull: Float64Array): Bounds {
  const bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let k = 0; k < hull.length; k += 2) {
    bounds.minX = Math.min(bounds.minX, hull[k]!);
    bounds.maxX = Math.max(bounds.maxX, hull[k]!);
    bounds.minY = Math.min(bounds.minY, hull[k + 1]!);
    bounds.maxY = Math.max(bounds.maxY, hull[k + 1]!);
  }
  return bounds;
}

function median(values: number[], fallback: number): number {
  if (values.length === 0) return fallback;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

function sectionShape(model: SeatMapModel, seats: number[]): SectionShape {
  const core = convexHull(model.x, model.y, seats);
  const { centre } = polygonCentre(core);
  const hull = grow(core, centre, model.pitch * HULL_GROWTH);
  const { area } = polygonCentre(hull);
  const stage = model.stage;
  let toStage = { x: 0, y: -1 };
  if (stage !== null) {
    const dx = stage.x + stage.width / 2 - centre.x;
    const dy = stage.y + stage.height / 2 - centre.y;
    const length = Math.hypot(dx, dy);
    if (length > 0) toStage = { x: dx / length, y: dy / length };
  }
  let reach = 0;
  for (let k = 0; k < hull.length; k += 2) {
    const along = (hull[k]! - centre.x) * toStage.x + (hull[k + 1]! - centre.y) * toStage.y;
    if (along > reach) reach = along;
  }
  return {
    hull,
    bounds: boundsOf(hull),
    centre,
    area,
    toStage,
    reach,
  };
}

/** The distance past a row's end seat, along `dir`, to the first seat in the way. */
function clearanceFrom(
  model: SeatMapModel,
  index: SpatialIndex,
  end: number,
  dir: Point,
  halfWidth: number,
): number {
  const search = model.pitch * CLEARANCE_SEARCH_PITCHES;
  const x0 = model.x[end]!;
  const y0 = model.y[end]!;
  // Only the square ahead of the end seat can hold a seat in the label's way.
  const half = search / 2 + halfWidth;
  const ax = x0 + (dir.x * search) / 2;
  const ay = y0 + (dir.y * search) / 2;
  let nearest = Infinity;
  forEachSeatInRect(
    index,
    { minX: ax - half, minY: ay - half, maxX: ax + half, maxY: ay + half },
    (seat) => {
      if (seat === end) return;
      const vx = model.x[seat]! - x0;
      const vy = model.y[seat]! - y0;
      const along = vx * dir.x + vy * dir.y;
      const across = Math.abs(vx * dir.y - vy * dir.x);
      if (along > 0 && along <= search && across < halfWidth && along < nearest) nearest = along;
    },
  );
  return nearest;
}

function measureRowEnds(model: SeatMapModel, index: SpatialIndex, rowGap: number): RowEnd[] {
  const ends: RowEnd[] = [];
  // A label is as tall as the gap between rows: only seats within that band are in its way.
  const halfWidth = rowGap / 2;
  model.rows.forEach((row, r) => {
    const seats = row.seats;
    if (seats.length === 0) return;
    const first = seats[0]!;
    const last = seats[seats.length - 1]!;
    let dir = { x: 1, y: 0 };
    if (seats.length > 1) {
      const dx = model.x[last]! - model.x[first]!;
      const dy = model.y[last]! - model.y[first]!;
      const length = Math.hypot(dx, dy) || 1;
      dir = { x: dx / length, y: dy / length };
    }
    // The way out of each end follows the row's own last step, so a curved row's label sits on
    // its curve rather than on the chord.
    const outward = (end: number, inner: number | undefined, fallback: Point): Point => {
      if (inner === undefined) return fallback;
      const dx = model.x[end]! - model.x[inner]!;
      const dy = model.y[end]! - model.y[inner]!;
      const length = Math.hypot(dx, dy);
      return length > 0 ? { x: dx / length, y: dy / length } : fallback;
    };
    const startDir = outward(first, seats[1], { x: -dir.x, y: -dir.y });
    const endDir = outward(last, seats[seats.length - 2], dir);
    const place = (seat: number, way: Point) =>
      ends.push({
        row: r,
        x: model.x[seat]!,
        y: model.y[seat]!,
        dx: way.x,
        dy: way.y,
        clearance: clearanceFrom(model, index, seat, way, halfWidth),
      });
    place(first, startDir);
    if (last !== first) place(last, endDir);
  });
  return ends;
}

/** `index` may be built on first need: only the row letters, close in, use it. */
export function buildPlanGeometry(
  model: SeatMapModel,
  index: SpatialIndex | LazySpatialIndex,
): PlanGeometry {
  const sectionSeats: number[][] = model.sections.map((section) => {
    const points: number[] = [];
    const rows = section.rows;
    for (let j = 0; j < rows.length; j += 1) {
      const seats = model.rows[rows[j]!]!.seats;
      const last = seats.length - 1;
      const step = j === 0 || j === rows.length - 1 ? HULL_SAMPLE : HULL_SAMPLE_BETWEEN;
      // Straight to the sampled seats: a mount on a slow phone feels every pass over 20,000.
      for (let k = 0; k < last; k += step) points.push(seats[k]!);
      if (last >= 0) points.push(seats[last]!);
    }
    return points;
  });
  const sections = sectionSeats.map((seats) => sectionShape(model, seats));

  // Neighbouring rows of a section: the distance between their first seats.
  const gaps: number[] = [];
  for (const section of model.sections) {
    for (let k = 1; k < section.rows.length; k += 1) {
      const a = model.rows[section.rows[k - 1]!]!.seats[0];
      const b = model.rows[section.rows[k]!]!.seats[0];
      if (a === undefined || b === undefined) continue;
      const d = Math.hypot(model.x[b]! - model.x[a]!, model.y[b]! - model.y[a]!);
      if (d > 0) gaps.push(d);
    }
  }
  const rowGap = median(gaps, model.pitch * 1.2);
  const rowOrdinal = new Int32Array(model.rows.length);
  for (const section of model.sections) section.rows.forEach((r, k) => (rowOrdinal[r] = k));

  let rowEnds: RowEnd[] | null = null;
  return {
    sections,
    rowGap,
    rowOrdinal,
    rowEnds: () =>
      (rowEnds ??= measureRowEnds(model, typeof index === 'function' ? index() : index, rowGap)),
  };
}

/** Ray casting; the hull is convex, but nothing here relies on it. */
export function insidePolygon(polygon: Float64Array, px: number, py: number): boolean {
  let inside = false;
  const n = polygon.length / 2;
  for (let k = 0, j = n - 1; k < n; j = k, k += 1) {
    const xk = polygon[k * 2]!;
    const yk = polygon[k * 2 + 1]!;
    const xj = polygon[j * 2]!;
    const yj = polygon[j * 2 + 1]!;
    if (yk > py !== yj > py && px < ((xj - xk) * (py - yk)) / (yj - yk) + xk) inside = !inside;
  }
  return inside;
}

/** The section whose outline holds the plan point, or -1. */
export function sectionAt(geometry: PlanGeometry, px: number, py: number): number {
  return geometry.sections.findIndex(
    (shape) =>
      px >= shape.bounds.minX &&
      px <= shape.bounds.maxX &&
      py >= shape.bounds.minY &&
      py <= shape.bounds.maxY &&
      insidePolygon(shape.hull, px, py),
  );
}

export interface SectionAvailability {
  /** Seats the buyer could choose, per section (filters aside: what the venue has left). */
  left: Int32Array;
  /** Lowest all-in price among them (minor units), per section; null when none is left. */
  from: (number | null)[];
  /** Band of that price, per section; -1 when none is left. */
  fromBand: Int16Array;
  /** Of the seats left, those that match the buyer's filters (the rest are dimmed, as seats are). */
  matching: Int32Array;
  /** Seats per section, for the share left. */
  total: Int32Array;
}

/** One pass over the seats per status or filter change (never per frame). */
export function sectionAvailability(
  model: SeatMapModel,
  mask: Uint8Array | null,
): SectionAvailability {
  const n = model.sections.length;
  const left = new Int32Array(n);
  const matching = new Int32Array(n);
  const total = new Int32Array(n);
  const fromBand = new Int16Array(n).fill(-1);
  const lowest = new Float64Array(n).fill(Infinity);
  // isSelectable's test, read from flat arrays: this pass runs before the map's first paint.
  const onSale = Uint8Array.from(model.bands, (band) => (band.price === null ? 0 : 1));
  const prices = Float64Array.from(model.bands, (band) => band.price ?? Infinity);
  const { section, band: bands, status } = model;
  const unavailable = SEAT_STATUS.unavailable;
  for (let i = 0; i < model.count; i += 1) {
    const s = section[i]!;
    total[s]! += 1;
    const band = bands[i]!;
    if (status[i] === unavailable || onSale[band] === 0) continue;
    left[s]! += 1;
    if (mask === null || mask[i] === 1) matching[s]! += 1;
    if (prices[band]! < lowest[s]!) {
      lowest[s] = prices[band]!;
      fromBand[s] = band;
    }
  }
  const from = Array.from(lowest, (price) => (price === Infinity ? null : price));
  return { left, from, fromBand, matching, total };
}

/** Label height (CSS px) a row needs to itself for its letter to be read. */
export const ROW_LABEL_MIN_PX = 11;
/** Past this many rows per label the letters no longer help find a row: none are drawn. */
const ROW_LABEL_MAX_STEP = 3;

/**
 * Label density by zoom: every row's letter once rows are far enough apart on screen, every
 * second or third row's before that, and none further out, so letters never overlap.
 */
export function rowLabelStep(rowGapPixels: number): number | null {
  if (rowGapPixels <= 0) return null;
  const step = Math.ceil(ROW_LABEL_MIN_PX / rowGapPixels);
  return step <= ROW_LABEL_MAX_STEP ? step : null;
}
