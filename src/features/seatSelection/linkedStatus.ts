import type { SeatStatus } from '@contract/api/holds';

/**
 * The seat status of a two-part pair from the two parts' answers (issue 24): a seat is free only
 * when both say free, taken when either says taken, and the buyer's own when theirs in either
 * (a hold always takes both parts, so that is the other read catching up). The codes are
 * ordered ('0' available < '1' yours < '2' unavailable), so each seat is the larger of the two.
 * Answers for different plans or lengths cannot be matched seat by seat: the first one stands.
 */
export function combinePartsStatus(first: SeatStatus, other: SeatStatus): SeatStatus {
  if (first.planId !== other.planId || first.status.length !== other.status.length) return first;
  let combined = '';
  for (let i = 0; i < first.status.length; i += 1) {
    const a = first.status[i]!;
    const b = other.status[i]!;
    combined += a >= b ? a : b;
  }
  return combined === first.status ? first : { ...first, status: combined };
}
