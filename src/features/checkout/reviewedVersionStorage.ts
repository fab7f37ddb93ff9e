import { holdScopedStorage } from '@/lib/holdScopedStorage';

/**
 * The basket version the buyer last reviewed, kept for the tab with its hold id: after a reload
 * the basket is read again, and a price that moved meanwhile must still raise the alert rather
 * than become the "reviewed" one unseen.
 */

const VERSION = /^[\w-]{16,64}$/;

const reviewed = holdScopedStorage(
  'stagedoor.basketReviewed',
  (value): value is string => typeof value === 'string' && VERSION.test(value),
);

export function storeReviewedVersion(holdId: string, version: string): void {
  reviewed.store(holdId, version);
}

export function readReviewedVersion(holdId: string): string | null {
  return reviewed.read(holdId) ?? null;
}
