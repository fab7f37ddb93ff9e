import { SEAT_AISLE } from '../../contract/seatGaps';

/**
 * Best-available seat choice: N seats side by side in one row, as near the front and the centre
 * of the best section as possible, never leaving a single seat stranded beside the block when
 * another block would not. Seats either side of a marked aisle are not side by side, and a seat
 * left between the block and an aisle is stranded (contract/seatGaps.ts counts it so too).
 */

export interface CandidateSeat {
  id: string;
  /** Lower is better (plan_sections.sort_order). */
  sectionOrder: number;
  section: string;
  row: string;
  number: number;
  /** Centre seat number of the row (the best position across it). */
  centre: number;
  /** SEAT_AISLE bits: aisles the plan marks beside the seat. */
  aisles: number;
}

interface Choice {
  ids: string[];
  strands: boolean;
  distance: number;
}

const aisleBetween = (left: CandidateSeat, right: CandidateSeat) =>
  (left.aisles & SEAT_AISLE.after) !== 0 || (right.aisles & SEAT_AISLE.before) !== 0;

/**
 * Runs of consecutive seat numbers within one row's candidates (sorted by number), cut at the
 * aisles the plan marks.
 */
function runsOf(row: CandidateSeat[]): CandidateSeat[][] {
  const runs: CandidateSeat[][] = [];
  let current: CandidateSeat[] = [];
  for (const seat of row) {
    const last = current[current.length - 1];
    if (last && (seat.number !== last.number + 1 || aisleBetween(last, seat))) {
      runs.push(current);
      current = [];
    }
    current.push(seat);
  }
  if (current.length > 0) runs.push(current);
  return runs;
}

function bestInRow(row: CandidateSeat[], quantity: number): Choice | undefined {
  let best: Choice | undefined;
  for (const run of runsOf(row)) {
    for (let offset = 0; offset + quantity <= run.length; offset += 1) {
      const block = run.slice(offset, offset + quantity);
      const left = offset;
      const right = run.length - offset - quantity;
      const first = block[0]!;
      const last = block[block.length - 1]!;
      const choice: Choice = {
        ids: block.map((seat) => seat.id),
        strands: left === 1 || right === 1,
        distance: Math.abs((first.number + last.number) / 2 - first.centre),
      };
      if (
        !best ||
        Number(choice.strands) < Number(best.strands) ||
        (choice.strands === best.strands && choice.distance < best.distance)
      ) {
        best = choice;
      }
    }
  }
  return best;
}

/**
 * Picks `quantity` seats from `candidates` (ordered best section, front row first). The first
 * row with a block that strands no single seat wins; only when no row has one does the first
 * row with any block do. Undefined when no row has `quantity` seats together.
 */
export function chooseBestAvailable(
  candidates: readonly CandidateSeat[],
  quantity: number,
): string[] | undefined {
  let fallback: Choice | undefined;
  let row: CandidateSeat[] = [];
  const consider = (): Choice | undefined => {
    if (row.length < quantity) return undefined;
    const choice = bestInRow(row, quantity);
    if (choice && !choice.strands) return choice;
    fallback ??= choice;
    return undefined;
  };
  for (const seat of candidates) {
    const previous = row[0];
    if (previous && (previous.section !== seat.section || previous.row !== seat.row)) {
      const choice = consider();
      if (choice) return choice.ids;
      row = [];
    }
    row.push(seat);
  }
  return consider()?.ids ?? fallback?.ids;
}
