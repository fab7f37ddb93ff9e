import type { HoldResult } from '@/api/holds';

/** The `Date` header counts whole seconds; a smaller difference is rounding, not a wrong clock. */
const CLOCK_TOLERANCE_MS = 2_000;

/**
 * Server clock minus ours, from an answer's `Date` header; undefined when there was none. Read by
 * the hold's flow and the payment's (an extended hold), so it lives with neither.
 */
export function clockOffset(result: HoldResult, now = Date.now()): number | undefined {
  if (result.serverNow === null) return undefined;
  const offset = result.serverNow - now;
  return Math.abs(offset) < CLOCK_TOLERANCE_MS ? 0 : offset;
}
