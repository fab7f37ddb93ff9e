import type { PerformanceSummary } from '../../contract/api/content';

export type AvailabilityLevel = PerformanceSummary['availability'];

/** good > 50 % left, medium 20–50 %, low under 20 %, sold-out when nothing is left. */
export function availabilityLevel(capacity: number, taken: number): AvailabilityLevel {
  const left = Math.max(0, capacity - taken);
  if (capacity <= 0 || left === 0) return 'sold-out';
  const share = left / capacity;
  if (share > 0.5) return 'good';
  if (share >= 0.2) return 'medium';
  return 'low';
}
