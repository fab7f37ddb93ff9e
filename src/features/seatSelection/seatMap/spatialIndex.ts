import type { Bounds } from './model';

/**
 * A uniform grid over the plan for hit-testing and for drawing only what is on screen. Cells are
 * about two seats wide, so a point query reads a handful of cells whatever the map's size; the
 * cell lists are packed into two typed arrays (compressed rows), built with a counting sort.
 */
export interface SpatialIndex {
  x: Float32Array;
  y: Float32Array;
  originX: number;
  originY: number;
  cellSize: number;
  columns: number;
  rows: number;
  /** Seats of cell c are items[cellStart[c]] … items[cellStart[c + 1] - 1]. */
  cellStart: Int32Array;
  items: Int32Array;
}

/** Keeps the grid at most a few cells per seat even for a sparse plan. */
const MAX_CELLS_PER_SEAT = 4;

export function buildSpatialIndex(
  x: Float32Array,
  y: Float32Array,
  bounds: Bounds,
  preferredCellSize: number,
): SpatialIndex {
  const count = x.length;
  const width = Math.max(bounds.maxX - bounds.minX, 1);
  const height = Math.max(bounds.maxY - bounds.minY, 1);
  let cellSize = Math.max(preferredCellSize, 1e-6);
  const maxCells = Math.max(1, count * MAX_CELLS_PER_SEAT);
  if ((width / cellSize) * (height / cellSize) > maxCells) {
    cellSize = Math.sqrt((width * height) / maxCells);
  }
  const columns = Math.floor(width / cellSize) + 1;
  const rows = Math.floor(height / cellSize) + 1;
  const index: SpatialIndex = {
    x,
    y,
    originX: bounds.minX,
    originY: bounds.minY,
    cellSize,
    columns,
    rows,
    cellStart: new Int32Array(columns * rows + 1),
    items: new Int32Array(count),
  };
  const cellOf = new Int32Array(count);
  for (let i = 0; i < count; i += 1) {
    const cell = cellAt(index, x[i]!, y[i]!);
    cellOf[i] = cell;
    index.cellStart[cell + 1]! += 1;
  }
  for (let c = 0; c < columns * rows; c += 1) index.cellStart[c + 1]! += index.cellStart[c]!;
  const fill = index.cellStart.slice(0, columns * rows);
  for (let i = 0; i < count; i += 1) index.items[fill[cellOf[i]!]!++] = i;
  return index;
}

/**
 * The grid, built on its first use. The whole-house view is painted without it (it draws every
 * seat, or the sections' shapes), so a phone paints the map first and builds the grid after
 * (SeatMapCanvas asks for it once the first frame is out), before the buyer can aim at a seat.
 */
export type LazySpatialIndex = () => SpatialIndex;

export function lazySpatialIndex(
  x: Float32Array,
  y: Float32Array,
  bounds: Bounds,
  preferredCellSize: number,
): LazySpatialIndex {
  let built: SpatialIndex | null = null;
  return () => (built ??= buildSpatialIndex(x, y, bounds, preferredCellSize));
}

function clamp(value: number, max: number): number {
  return value < 0 ? 0 : value > max ? max : value;
}

function cellAt(index: SpatialIndex, px: number, py: number): number {
  const column = clamp(Math.floor((px - index.originX) / index.cellSize), index.columns - 1);
  const row = clamp(Math.floor((py - index.originY) / index.cellSize), index.rows - 1);
  return row * index.columns + column;
}

/** Calls `visit` for every seat whose centre lies in the rectangle (plan units). */
export function forEachSeatInRect(
  index: SpatialIndex,
  rect: Bounds,
  visit: (seat: number) => void,
): void {
  const { originX, originY, cellSize, columns, rows, cellStart, items, x, y } = index;
  if (rect.maxX < originX || rect.maxY < originY) return;
  const c0 = clamp(Math.floor((rect.minX - originX) / cellSize), columns - 1);
  const c1 = clamp(Math.floor((rect.maxX - originX) / cellSize), columns - 1);
  const r0 = clamp(Math.floor((rect.minY - originY) / cellSize), rows - 1);
  const r1 = clamp(Math.floor((rect.maxY - originY) / cellSize), rows - 1);
  for (let r = r0; r <= r1; r += 1) {
    for (let c = c0; c <= c1; c += 1) {
      const cell = r * columns + c;
      for (let k = cellStart[cell]!; k < cellStart[cell + 1]!; k += 1) {
        const seat = items[k]!;
        const sx = x[seat]!;
        const sy = y[seat]!;
        if (sx >= rect.minX && sx <= rect.maxX && sy >= rect.minY && sy <= rect.maxY) visit(seat);
      }
    }
  }
}

/**
 * The seat whose centre is nearest to (px, py) and within `maxDistance`, or -1. `accept` can
 * skip seats (for example ones filtered out).
 */
export function nearestSeat(
  index: SpatialIndex,
  px: number,
  py: number,
  maxDistance: number,
  accept?: (seat: number) => boolean,
): number {
  let best = -1;
  let bestDistance = maxDistance * maxDistance;
  forEachSeatInRect(
    index,
    {
      minX: px - maxDistance,
      minY: py - maxDistance,
      maxX: px + maxDistance,
      maxY: py + maxDistance,
    },
    (seat) => {
      const dx = index.x[seat]! - px;
      const dy = index.y[seat]! - py;
      const distance = dx * dx + dy * dy;
      const closer =
        distance < bestDistance || (distance === bestDistance && (best === -1 || seat < best));
      if (closer && (accept === undefined || accept(seat))) {
        best = seat;
        bestDistance = distance;
      }
    },
  );
  return best;
}
