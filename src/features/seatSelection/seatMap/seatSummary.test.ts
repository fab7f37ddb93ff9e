import { describe, expect, it } from 'vitest';
import { numberRuns, seatSummary } from './seatSummary';
import { miniSeat, theatreModel } from './testPlans';
import { testIntl } from '../../../../tests/unit/renderInVenue';

describe('seatSummary', () => {
  it('names each row once, with runs of neighbouring seats as ranges', () => {
    const model = theatreModel();
    const picked = [
      miniSeat(1, 'C', 13 - 1),
      miniSeat(0, 'B', 4),
      miniSeat(1, 'C', 11),
      miniSeat(0, 'B', 6),
      miniSeat(0, 'B', 5),
      miniSeat(0, 'B', 9),
    ];
    expect(seatSummary(model, picked, testIntl())).toEqual([
      'Dress Circle, Row C, seats 11–12',
      'Stalls, Row B, seats 4–6, 9',
    ]);
    expect(seatSummary(model, [miniSeat(0, 'A', 3)], testIntl())).toEqual([
      'Stalls, Row A, seat 3',
    ]);
  });

  it('writes sorted, deduplicated numbers with consecutive runs joined', () => {
    expect(numberRuns([9, 1, 2, 3, 7, 2])).toBe('1–3, 7, 9');
    expect(numberRuns([])).toBe('');
  });
});
