import type { SeatStatus, SeatingPlan } from '../../contract/api/holds';

/**
 * What the bench page (bench/seatmap/main.tsx) offers the bench driver (bench/seatmap.ts) on
 * `window.seatmapBench`. Every timing is taken inside the page with performance.now(), so the
 * round trips of the driver never count.
 */
export type SeatMapLibrary = 'ours' | 'seatmap-canvas';

export interface SeatTarget {
  seat: number;
  /** Page coordinates of the seat's centre. */
  x: number;
  y: number;
}

/**
 * How the plan is handed to seatmap-canvas: its first view is its stage at scale 1 from the
 * origin and it needs a block in that view, so the plan is scaled to about 2,000 units; its seat
 * radius and deepest zoom are then set so seats neither overlap nor stay too small to click.
 */
export interface TheirLayout {
  scale: number;
  seatRadius: number;
  maxZoom: number;
}

export interface SeatMapBenchApi {
  setData(data: { plan: SeatingPlan; status: SeatStatus; their: TheirLayout }): void;
  /** Mounts the map with the data already in the page; resolves with ms to the first painted frame. */
  mount(library: SeatMapLibrary): Promise<number>;
  /** Where the given seat is on screen now, or null if the map cannot say. */
  locate(seat: number): SeatTarget | null;
  /** Starts watching for `seat` to be drawn selected after the next pointer release. */
  armSelect(seat: number): void;
  /** ms from the pointer release to the painted frame showing the seat selected, or null. */
  selected(timeoutMs: number): Promise<number | null>;
  startFrames(): void;
  /** Intervals between animation frames since startFrames, in ms. */
  stopFrames(): number[];
  unmount(): void;
  problems(): string[];
}

declare global {
  interface Window {
    seatmapBench: SeatMapBenchApi;
  }
}
