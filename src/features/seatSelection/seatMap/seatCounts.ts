import { isSelectable, type SeatMapModel } from './model';

/**
 * Seat counts per section and per row for the list picker, in one pass: how many seats match
 * the filters (shown, taken or not) and how many of those the buyer can choose.
 */
export interface SeatCounts {
  sectionMatching: Int32Array;
  sectionChoosable: Int32Array;
  rowMatching: Int32Array;
  rowChoosable: Int32Array;
  choosable: number;
}

export function seatCounts(model: SeatMapModel, mask: Uint8Array | null): SeatCounts {
  const counts: SeatCounts = {
    sectionMatching: new Int32Array(model.sections.length),
    sectionChoosable: new Int32Array(model.sections.length),
    rowMatching: new Int32Array(model.rows.length),
    rowChoosable: new Int32Array(model.rows.length),
    choosable: 0,
  };
  for (let i = 0; i < model.count; i += 1) {
    if (mask !== null && mask[i] !== 1) continue;
    const section = model.section[i]!;
    const row = model.row[i]!;
    counts.sectionMatching[section]! += 1;
    counts.rowMatching[row]! += 1;
    if (isSelectable(model, i)) {
      counts.sectionChoosable[section]! += 1;
      counts.rowChoosable[row]! += 1;
      counts.choosable += 1;
    }
  }
  return counts;
}
