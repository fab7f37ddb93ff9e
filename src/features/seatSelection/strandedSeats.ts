import { SEAT_FLAGS } from '@contract/api/constants';
import { strandedSeats, type GapRuleSeat } from '@contract/seatGaps';
import { isSelectable, type SeatMapModel } from '@/features/seatSelection/seatMap/model';

/**
 * The seats a hand-picked choice would leave on their own, as plan indexes in row and seat
 * order: the single-seat rule (contract/seatGaps.ts) the hold route applies too, checked here
 * so the buyer hears it before Reserve. A seat the buyer could choose counts as free, their own
 * held seats too (a new choice replaces the old hold); sold, held and off-sale seats do not.
 */
export function strandedBySelection(model: SeatMapModel, selected: ReadonlySet<number>): number[] {
  const rows = new Set<number>();
  for (const i of selected) rows.add(model.row[i]!);
  const seatOf = (i: number): GapRuleSeat => ({
    id: String(i),
    number: model.number[i]!,
    aisles: model.aisles[i]!,
    free: isSelectable(model, i),
    wheelchair: (model.flags[i]! & SEAT_FLAGS.wheelchair) !== 0,
  });
  const chosen = new Set([...selected].map(String));
  return strandedSeats(
    [...rows].sort((a, b) => a - b).map((r) => Array.from(model.rows[r]!.seats, seatOf)),
    chosen,
  ).map((seat) => Number(seat.id));
}
