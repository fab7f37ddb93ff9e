// @alisaitteke/seatmap-canvas 2.5 names a types file it does not ship; the part the bench uses.
declare module '@alisaitteke/seatmap-canvas' {
  export interface SeatItem {
    item: { id: number | string; selected: boolean };
    node: { node(): Element };
    select(): void;
    unSelect(): void;
    isSelected(): boolean;
  }
  export class SeatMapCanvas {
    constructor(container: string, config: Record<string, unknown>);
    /** The instance's own addEventListener loses its `this` in 2.5.18; this one works. */
    eventManager: { addEventListener(type: string, listener: (payload: SeatItem) => void): void };
    data: {
      replaceData(blocks: unknown[]): void;
      getSeat(seatId: number | string, blockId: number | string): { svg: SeatItem | null } | null;
    };
  }
}
