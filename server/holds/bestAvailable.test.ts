import { describe, expect, it } from 'vitest';
import { SEAT_AISLE, strandedSeatsInRow } from '../../contract/seatGaps';
import { chooseBestAvailable, type CandidateSeat } from './bestAvailable';

/**
 * A Lumen Stalls row (25 seats, aisles at both ends and between 12 and 13) with the given seat
 * numbers taken; the free ones are best available's candidates.
 */
function lumenRow(row: string, taken: readonly number[] = []): CandidateSeat[] {
  const seats: CandidateSeat[] = [];
  for (let number = 1; number <= 25; number += 1) {
    if (taken.includes(number)) continue;
    seats.push({
      id: `${row}${number}`,
      sectionOrder: 0,
      section: 'STALLS',
      row,
      number,
      centre: 13,
      aisles:
        (number === 1 || number === 13 ? SEAT_AISLE.before : 0) |
        (number === 12 || number === 25 ? SEAT_AISLE.after : 0),
    });
  }
  return seats;
}

/** What the single-seat rule says of a best-available choice in that row. */
function strandedBy(row: string, taken: readonly number[], chosen: readonly string[]): number[] {
  const free = new Set(lumenRow(row, taken).map((seat) => seat.number));
  const seats = lumenRow(row).map((seat) => ({ ...seat, free: free.has(seat.number) }));
  return strandedSeatsInRow(seats, new Set(chosen)).map((seat) => seat.number);
}

describe('best available (issue 24: it keeps to the single-seat rule)', () => {
  it('never takes a pair across the centre aisle', () => {
    const chosen = chooseBestAvailable(lumenRow('A'), 2);
    expect(chosen).toEqual(['A13', 'A14']);
  });

  it('does not leave a seat between its block and an aisle when another block would not', () => {
    // Seats 14–25 taken: 1–12 and 13 are free, 13 alone beyond the aisle. Two seats nearest the
    // centre on the left are 11–12; the block leaves 1–10 and strands nothing.
    const taken = [14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25];
    const chosen = chooseBestAvailable(lumenRow('B', taken), 2)!;
    expect(chosen).toEqual(['B11', 'B12']);
    expect(strandedBy('B', taken, chosen)).toEqual([]);
  });

  it('chooses blocks the single-seat rule allows, row after row of a filling house', () => {
    const taken: number[] = [];
    for (let party = 0; party < 8; party += 1) {
      const chosen = chooseBestAvailable(lumenRow('C', taken), 3);
      if (!chosen) break;
      expect(strandedBy('C', taken, chosen), `party ${party}: ${chosen.join(' ')}`).toEqual([]);
      taken.push(...chosen.map((id) => Number(id.slice(1))));
    }
    expect(taken.length).toBeGreaterThanOrEqual(18);
  });
});
