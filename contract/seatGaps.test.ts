import { describe, expect, it } from 'vitest';
import { SEAT_AISLE, strandedSeats, strandedSeatsInRow, type GapRuleSeat } from './seatGaps';

/**
 * A row drawn as text, seats numbered from 1: `.` free, `x` taken (sold, held or off sale), `o`
 * chosen, `w` a free wheelchair space, `W` a chosen one, `|` a marked aisle (between two seats,
 * or at an end of the row).
 */
function row(drawing: string): { seats: GapRuleSeat[]; chosen: Set<string> } {
  const seats: GapRuleSeat[] = [];
  const chosen = new Set<string>();
  let aisleBefore = false;
  for (const mark of drawing) {
    if (mark === '|') {
      const last = seats[seats.length - 1];
      if (last) last.aisles |= SEAT_AISLE.after;
      aisleBefore = true;
      continue;
    }
    const number = seats.length + 1;
    const seat: GapRuleSeat = {
      id: `S${number}`,
      number,
      aisles: aisleBefore ? SEAT_AISLE.before : 0,
      free: mark !== 'x',
      ...(mark === 'w' || mark === 'W' ? { wheelchair: true } : {}),
    };
    if (mark === 'o' || mark === 'W') chosen.add(seat.id);
    seats.push(seat);
    aisleBefore = false;
  }
  return { seats, chosen };
}

/** Numbers of the seats the choice drawn would strand. */
const stranded = (drawing: string) => {
  const { seats, chosen } = row(drawing);
  return strandedSeatsInRow(seats, chosen).map((seat) => seat.number);
};

describe('the single-seat rule', () => {
  it('refuses a choice that leaves one seat between it and a taken seat', () => {
    expect(stranded('x.oo....')).toEqual([2]);
    expect(stranded('....oo.x')).toEqual([7]);
  });

  it('allows seats next to taken seats, and a gap of two or more', () => {
    expect(stranded('xoo.....')).toEqual([]);
    expect(stranded('x..oo...')).toEqual([]);
    expect(stranded('x...oo..x')).toEqual([]);
  });

  it('names every seat left alone, on both sides of the choice and between chosen seats', () => {
    // The middle seat of three free between taken seats leaves one on each side.
    expect(stranded('x.o.x...')).toEqual([2, 4]);
    expect(stranded('x.o..o.x....')).toEqual([2, 7]);
    expect(stranded('...o.o...')).toEqual([5]);
    expect(stranded('x.o.o.o..')).toEqual([2, 4, 6]);
  });

  it('counts a marked aisle as closing a row end, and an unmarked row end not', () => {
    expect(stranded('|.oo.....|')).toEqual([1]);
    expect(stranded('.oo......')).toEqual([]);
    expect(stranded('|.....oo.|')).toEqual([8]);
    expect(stranded('.....oo.')).toEqual([]);
  });

  it('counts an aisle inside the row: the seats either side are not neighbours', () => {
    // Seat 3 beside the centre aisle, seat 2 chosen: 3 is left alone.
    expect(stranded('|.o.|....|')).toEqual([1, 3]);
    expect(stranded('|..oo.|.oo..|')).toEqual([5, 6]);
    // The other side of the aisle is free, but across an aisle nobody sits beside seat 4.
    expect(stranded('..oo.|.....')).toEqual([5]);
    // Without the aisle seat 5 has free neighbours and is fine.
    expect(stranded('..oo......')).toEqual([]);
  });

  it('allows leaving the last single seat of a run when the choice takes all the others', () => {
    // Four free between taken seats, a party of three: any three leave one.
    expect(stranded('xooo.x')).toEqual([]);
    expect(stranded('x.ooox')).toEqual([]);
    expect(stranded('xoo.ox')).toEqual([]);
    // Only one seat of the row is free and the buyer takes it: nothing is left at all.
    expect(stranded('xxxoxxx')).toEqual([]);
    // The row's last two free seats, one chosen: the other cannot be helped.
    expect(stranded('|xxxo.xx|')).toEqual([]);
    // Five free and a party of three in the middle: a placement at an end would leave two.
    expect(stranded('x.ooo.x')).toEqual([2, 6]);
  });

  it('takes seats from either end of a run without ever breaking the rule', () => {
    for (const taking of [1, 2, 3, 4]) {
      for (const length of [taking, taking + 1, taking + 2, taking + 5]) {
        const left = `x${'o'.repeat(taking)}${'.'.repeat(length - taking)}x`;
        const right = `|${'.'.repeat(length - taking)}${'o'.repeat(taking)}|`;
        expect(stranded(left), left).toEqual([]);
        expect(stranded(right), right).toEqual([]);
      }
    }
  });

  it('does not blame the choice for a seat that was already alone', () => {
    expect(stranded('x.x..oo..')).toEqual([]);
    expect(stranded('|.x...oo..|')).toEqual([]);
  });

  it('fills a lone seat without complaint', () => {
    expect(stranded('x.xox...')).toEqual([]);
    expect(stranded('|ox..|')).toEqual([]);
  });

  it('never reports a wheelchair space, but protects the companion seat beside it', () => {
    // Dress Circle row A: a wheelchair space at the aisle end, its companion seat next to it.
    expect(stranded('|woo....|')).toEqual([]);
    // A wheelchair space and seat 3 chosen: the companion seat 2 between them is left alone.
    expect(stranded('|W.o....|')).toEqual([2]);
    // A wheelchair space as a neighbour is a free seat like any other: seat 3 is not alone.
    expect(stranded('|w..oo...|')).toEqual([]);
  });

  it('treats taken, held and off-sale seats alike (all are not free)', () => {
    const { seats, chosen } = row('..oo...');
    expect(strandedSeatsInRow(seats, chosen)).toEqual([]);
    // A seat of a band not on sale for this performance is passed to the rule as not free.
    const offSale = seats.map((seat) => (seat.number === 1 ? { ...seat, free: false } : seat));
    expect(strandedSeatsInRow(offSale, chosen).map((seat) => seat.number)).toEqual([2]);
  });

  it('reads seats in any order and by number, not by position in the list', () => {
    const { seats, chosen } = row('x.oo...');
    expect(strandedSeatsInRow([...seats].reverse(), chosen).map((s) => s.number)).toEqual([2]);
  });

  it('checks every row a choice touches, and only those', () => {
    const first = row('x.oo...');
    const second = row('|...oo.|');
    const untouched = row('x.x.x');
    const ids = (prefix: string, built: ReturnType<typeof row>) => ({
      seats: built.seats.map((seat) => ({ ...seat, id: `${prefix}${seat.id}` })),
      chosen: [...built.chosen].map((id) => `${prefix}${id}`),
    });
    const a = ids('A', first);
    const b = ids('B', second);
    const c = ids('C', untouched);
    const result = strandedSeats(
      [a.seats, b.seats, c.seats],
      new Set([...a.chosen, ...b.chosen, ...c.chosen]),
    );
    expect(result.map((seat) => seat.id)).toEqual(['AS2', 'BS6']);
  });

  it('passes an empty choice and an empty row', () => {
    expect(stranded('x.x.x')).toEqual([]);
    expect(strandedSeatsInRow([], new Set())).toEqual([]);
  });
});
