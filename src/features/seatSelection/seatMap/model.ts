import { SEAT_FLAGS, SEAT_STATUS } from '@contract/api/constants';
import type { PlanStage, SeatingPlan, SeatStatus } from '@contract/api/holds';

/**
 * The seat map's data in typed arrays, one entry per plan seat (plan order), so the canvas, the
 * hit-test grid, the filters and the list picker read 20,000 or 100,000 seats without creating
 * an object per seat. The plan (geometry, names, bands) is fixed; `applyStatus` swaps in fresh
 * availability without touching the rest.
 */

export type SeatFlagName = keyof typeof SEAT_FLAGS;
/** Flag names in the order a seat's name and the legend list them. */
export const SEAT_FLAG_NAMES: readonly SeatFlagName[] = [
  'restrictedView',
  'wheelchair',
  'companion',
  'accessZone',
  'amex',
];

export interface SeatMapSection {
  code: string;
  name: string;
  /** Part of house ("Stalls", "Lower Bowl"): the filter groups sections by it. */
  level: string;
  /** Indexes into `rows`, in plan order. */
  rows: number[];
}

export interface SeatMapRow {
  section: number;
  label: string;
  /** Seat indexes of the row, by seat number. */
  seats: Int32Array;
  /** Distance between the row's closest neighbours (0 for a one-seat row): an aisle is wider. */
  spacing: number;
}

export interface SeatMapBand {
  code: string;
  name: string;
  /** All-in price in minor units, or null when the band has nothing on sale for this performance. */
  price: number | null;
}

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface SeatMapModel {
  count: number;
  ids: readonly string[];
  x: Float32Array;
  y: Float32Array;
  number: Int32Array;
  /** Index into `sections`. */
  section: Uint16Array;
  /** Index into `rows`. */
  row: Int32Array;
  /** Index into `bands`. */
  band: Uint8Array;
  /** SEAT_FLAGS bits. */
  flags: Uint8Array;
  /** SEAT_AISLE bits (contract/seatGaps.ts): aisles the plan marks beside each seat. */
  aisles: Uint8Array;
  /** SEAT_STATUS codes; replaced (never mutated) by applyStatus. */
  status: Uint8Array;
  sections: readonly SeatMapSection[];
  rows: readonly SeatMapRow[];
  bands: readonly SeatMapBand[];
  /** Parts of house in plan order. */
  levels: readonly string[];
  bounds: Bounds;
  /** Where the performance happens (stage, pitch or floor), as the plan states it; null if not. */
  stage: PlanStage | null;
  /** The seats' bounds grown to take in the stage: what the whole-house view shows. */
  extent: Bounds;
  /**
   * Distance between neighbouring seats in plan units (a low percentile over rows, so the
   * tightest rows of a curved bowl do not overlap): the size seats are drawn at.
   */
  pitch: number;
  currency: SeatStatus['currency'];
  seatSelectionLimit: number;
  priceOptions: SeatStatus['priceOptions'];
}

export class SeatMapDataError extends Error {
  override name = 'SeatMapDataError';
}

function checkColumns(plan: SeatingPlan): number {
  const { seats } = plan;
  const count = seats.id.length;
  for (const [name, column] of Object.entries(seats)) {
    if (column.length !== count) {
      throw new SeatMapDataError(`plan column ${name} has ${column.length} seats, id has ${count}`);
    }
  }
  return count;
}

function decodeStatus(status: string, count: number): Uint8Array {
  if (status.length !== count) {
    throw new SeatMapDataError(`status has ${status.length} seats, the plan has ${count}`);
  }
  const codes = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    const code = status.charCodeAt(i) - 48;
    // Anything but 0/1/2 is refused by the contract; read it as taken rather than sell it.
    codes[i] = code >= 0 && code <= 2 ? code : SEAT_STATUS.unavailable;
  }
  return codes;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 1;
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.floor(p * values.length))]!;
}

function withStage(bounds: Bounds, stage: PlanStage | undefined): Bounds {
  if (stage === undefined) return bounds;
  return {
    minX: Math.min(bounds.minX, stage.x),
    minY: Math.min(bounds.minY, stage.y),
    maxX: Math.max(bounds.maxX, stage.x + stage.width),
    maxY: Math.max(bounds.maxY, stage.y + stage.height),
  };
}

/** Builds the model in one pass over the plan columns (plus a sort of each row's few seats). */
export function buildSeatMapModel(plan: SeatingPlan, status: SeatStatus): SeatMapModel {
  const count = checkColumns(plan);
  const { seats } = plan;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const number = new Int32Array(count);
  const section = new Uint16Array(count);
  const row = new Int32Array(count);
  const band = new Uint8Array(count);
  const flags = new Uint8Array(count);

  const sections: SeatMapSection[] = plan.sections.map((s) => ({ ...s, rows: [] }));
  const rows: Omit<SeatMapRow, 'seats' | 'spacing'>[] = [];
  const rowSize: number[] = [];
  const rowIndex = new Map<string, number>();
  let lastRow = -1;
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };

  for (let i = 0; i < count; i += 1) {
    const s = seats.section[i]!;
    const b = seats.band[i]!;
    if (s < 0 || s >= sections.length || b < 0 || b >= plan.bands.length) {
      throw new SeatMapDataError(`seat ${i} names a section or band the plan does not have`);
    }
    const sx = seats.x[i]!;
    const sy = seats.y[i]!;
    x[i] = sx;
    y[i] = sy;
    number[i] = seats.number[i]!;
    section[i] = s;
    band[i] = b;
    flags[i] = seats.flags[i]!;
    if (sx < bounds.minX) bounds.minX = sx;
    if (sx > bounds.maxX) bounds.maxX = sx;
    if (sy < bounds.minY) bounds.minY = sy;
    if (sy > bounds.maxY) bounds.maxY = sy;

    // Plans list a row's seats together, so the previous seat's row is almost always the one.
    const label = seats.row[i]!;
    let r = lastRow;
    if (r < 0 || rows[r]!.section !== s || rows[r]!.label !== label) {
      const key = `${s}\u0000${label}`;
      r = rowIndex.get(key) ?? -1;
      if (r < 0) {
        r = rows.length;
        rowIndex.set(key, r);
        rows.push({ section: s, label });
        rowSize.push(0);
        sections[s]!.rows.push(r);
      }
      lastRow = r;
    }
    row[i] = r;
    rowSize[r]! += 1;
  }
  if (count === 0) Object.assign(bounds, { minX: 0, minY: 0, maxX: 0, maxY: 0 });

  // Every row's seats in one array, row after row (a counting sort, in plan order within a
  // row): no array per row for 100,000 seats, which a phone feels as collection pauses.
  const rowStart = new Int32Array(rows.length + 1);
  for (let r = 0; r < rows.length; r += 1) rowStart[r + 1] = rowStart[r]! + rowSize[r]!;
  const bySeatRow = new Int32Array(count);
  const fill = rowStart.slice(0, rows.length);
  for (let i = 0; i < count; i += 1) bySeatRow[fill[row[i]!]!++] = i;

  const spacings: number[] = [];
  const builtRows: SeatMapRow[] = rows.map((r, index) => {
    const members = bySeatRow.subarray(rowStart[index], rowStart[index + 1]);
    // Plans list seats by number: sort only a row that is not.
    for (let k = 1; k < members.length; k += 1) {
      if (number[members[k - 1]!]! > number[members[k]!]!) {
        const sorted = Array.from(members).sort((a, b) => number[a]! - number[b]!);
        members.set(sorted);
        break;
      }
    }
    // Squared distances, one square root per row: this runs before the map's first paint.
    let nearest = Infinity;
    for (let k = 1; k < members.length; k += 1) {
      const a = members[k - 1]!;
      const b = members[k]!;
      const dx = x[b]! - x[a]!;
      const dy = y[b]! - y[a]!;
      const d = dx * dx + dy * dy;
      if (d > 0 && d < nearest) nearest = d;
    }
    const spacing = Number.isFinite(nearest) ? Math.sqrt(nearest) : 0;
    if (spacing > 0) spacings.push(spacing);
    return { section: r.section, label: r.label, seats: members, spacing };
  });

  const prices = new Map(status.prices.map((p) => [p.band, p.price]));
  const levels: string[] = [];
  for (const s of plan.sections) if (!levels.includes(s.level)) levels.push(s.level);

  return {
    count,
    ids: seats.id,
    x,
    y,
    number,
    section,
    row,
    band,
    flags,
    aisles: seats.aisles === undefined ? new Uint8Array(count) : Uint8Array.from(seats.aisles),
    status: decodeStatus(status.status, count),
    sections,
    rows: builtRows,
    bands: plan.bands.map((b) => ({ ...b, price: prices.get(b.code) ?? null })),
    levels,
    bounds,
    stage: plan.stage ?? null,
    extent: withStage(bounds, plan.stage),
    pitch: percentile(spacings, 0.1),
    currency: status.currency,
    seatSelectionLimit: status.seatSelectionLimit,
    priceOptions: status.priceOptions,
  };
}

/** Fresh availability for the same plan: only the status column is new. */
export function applyStatus(model: SeatMapModel, status: string): SeatMapModel {
  return { ...model, status: decodeStatus(status, model.count) };
}

/** A seat the buyer can choose: not taken by someone else, and its band has a price on sale. */
export function isSelectable(model: SeatMapModel, index: number): boolean {
  return (
    model.status[index] !== SEAT_STATUS.unavailable &&
    model.bands[model.band[index]!]!.price !== null
  );
}

export function hasFlag(model: SeatMapModel, index: number, flag: SeatFlagName): boolean {
  return (model.flags[index]! & SEAT_FLAGS[flag]) !== 0;
}
