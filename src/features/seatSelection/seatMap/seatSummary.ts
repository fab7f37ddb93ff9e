import type { IntlShape } from 'react-intl';
import type { SeatMapModel } from './model';

/**
 * The chosen seats in as few words as a box office uses: one phrase per row, runs of
 * neighbouring numbers joined ("Stalls, Row C, seats 12–13"; "Row D, seats 4–6, 9"), rows in
 * the order they were first picked. Full names stay in the list beside it.
 */
export function seatSummary(
  model: SeatMapModel,
  selected: Iterable<number>,
  intl: IntlShape,
): string[] {
  const byRow = new Map<number, number[]>();
  for (const seat of selected) {
    const row = model.row[seat]!;
    const numbers = byRow.get(row) ?? [];
    numbers.push(model.number[seat]!);
    byRow.set(row, numbers);
  }
  return [...byRow].map(([row, numbers]) => {
    const { label, section } = model.rows[row]!;
    return intl.formatMessage(
      { id: 'seatBar.rowSeats' },
      {
        section: model.sections[section]!.name,
        row: label,
        count: numbers.length,
        seats: numberRuns(numbers),
      },
    );
  });
}

/** "4–6, 9": sorted seat numbers with each run of consecutive ones written as a range. */
export function numberRuns(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const runs: string[] = [];
  let start = 0;
  for (let i = 1; i <= sorted.length; i += 1) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]! + 1) continue;
    const first = sorted[start]!;
    const last = sorted[i - 1]!;
    runs.push(first === last ? `${first}` : `${first}–${last}`);
    start = i;
  }
  return runs.join(', ');
}
