/**
 * The single-seat rule (issue 24, spec §8's "seat-validation failure"): hand-picked seats must
 * not leave one empty seat on its own where nobody will buy it. The seat page checks a choice
 * before Reserve and the hold route checks it again, both with this one function, so the buyer
 * is never told one thing by the page and another by the server. Plain data, no zod: the SPA
 * imports it.
 *
 * The rule, exactly:
 * - A row is split into blocks at the aisles the plan marks (SEAT_AISLE). Within a block, a
 *   "run" is a stretch of seats free before the choice (not sold, held or off sale; the chosen
 *   seats count as free).
 * - A seat is stranded when the choice leaves it free with something on both sides that stops
 *   a neighbour sitting next to it: a seat that is taken or chosen, or a marked aisle. The end of
 *   a row the plan does not mark as an aisle does not count (a wall: nothing is known of it).
 * - Only seats in a run the choice takes from can be stranded by it: a lone seat that was
 *   already on its own is not the buyer's doing.
 * - Unavoidable is allowed: when the choice takes all but one seat of its run, every way of
 *   seating that many people there leaves that one seat, so it may be left. One consequence:
 *   seats taken from either end of a run never break the rule.
 * - A wheelchair space is never reported stranded: it is sold on its own by design (a
 *   wheelchair user may come alone). Companion, access-zone, restricted-view and American
 *   Express seats are seats like any other.
 */

/** Aisle bits of a plan seat (SeatingPlan.seats.aisles): where the plan marks an aisle beside it. */
export const SEAT_AISLE = {
  /** An aisle on the seat's lower-numbered side (or before the row's first seat). */
  before: 1,
  /** An aisle on the seat's higher-numbered side (or after the row's last seat). */
  after: 2,
} as const;

export interface GapRuleSeat {
  id: string;
  /** Seat number within the row: neighbours are the next seats by number. */
  number: number;
  /** SEAT_AISLE bits. */
  aisles: number;
  /** Free before this choice: anyone could buy it now. Chosen seats are free too. */
  free: boolean;
  /** A wheelchair space (SEAT_FLAGS.wheelchair): never itself reported as stranded. */
  wheelchair?: boolean;
}

const aisleBetween = (left: GapRuleSeat, right: GapRuleSeat) =>
  (left.aisles & SEAT_AISLE.after) !== 0 || (right.aisles & SEAT_AISLE.before) !== 0;

interface Run {
  seats: GapRuleSeat[];
  /** Something stops a neighbour on this side: a taken seat or a marked aisle, not a bare row end. */
  closedBefore: boolean;
  closedAfter: boolean;
}

/** The row's runs of free seats, each cut at taken seats and marked aisles. */
function runsOf(row: readonly GapRuleSeat[], chosen: ReadonlySet<string>): Run[] {
  const seats = [...row].sort((a, b) => a.number - b.number);
  const isFree = (seat: GapRuleSeat) => seat.free || chosen.has(seat.id);
  const runs: Run[] = [];
  let current: Run | null = null;
  seats.forEach((seat, index) => {
    const previous = seats[index - 1];
    const next = seats[index + 1];
    if (!isFree(seat)) {
      current = null;
      return;
    }
    if (current === null || (previous !== undefined && aisleBetween(previous, seat))) {
      current = {
        seats: [],
        // Not the row's first seat: a taken seat or an aisle is before it.
        closedBefore: previous !== undefined || (seat.aisles & SEAT_AISLE.before) !== 0,
        closedAfter: false,
      };
      runs.push(current);
    }
    current.seats.push(seat);
    current.closedAfter = next !== undefined || (seat.aisles & SEAT_AISLE.after) !== 0;
  });
  return runs;
}

/** The seats of one run this choice would leave on their own (none if it is unavoidable). */
function strandedInRun(run: Run, chosen: ReadonlySet<string>): GapRuleSeat[] {
  const taking = run.seats.filter((seat) => chosen.has(seat.id)).length;
  if (taking === 0 || run.seats.length - taking <= 1) return [];
  return run.seats.filter((seat, index) => {
    if (chosen.has(seat.id) || seat.wheelchair === true) return false;
    const before = run.seats[index - 1];
    const after = run.seats[index + 1];
    const closedBefore = before === undefined ? run.closedBefore : chosen.has(before.id);
    const closedAfter = after === undefined ? run.closedAfter : chosen.has(after.id);
    return closedBefore && closedAfter;
  });
}

/**
 * The seats a choice would leave stranded in one row (all the row's seats, in any order), by seat
 * number; empty when the choice follows the rule.
 */
export function strandedSeatsInRow(
  row: readonly GapRuleSeat[],
  chosen: ReadonlySet<string>,
): GapRuleSeat[] {
  return runsOf(row, chosen).flatMap((run) => strandedInRun(run, chosen));
}

/** The same for every row a choice touches (rows without a chosen seat are passed over). */
export function strandedSeats(
  rows: Iterable<readonly GapRuleSeat[]>,
  chosen: ReadonlySet<string>,
): GapRuleSeat[] {
  const stranded: GapRuleSeat[] = [];
  for (const row of rows) {
    if (row.some((seat) => chosen.has(seat.id))) {
      stranded.push(...strandedSeatsInRow(row, chosen));
    }
  }
  return stranded;
}
