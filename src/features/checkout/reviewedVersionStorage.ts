/**
 * The basket version the buyer last reviewed, kept for the tab with its hold id: after a reload
 * the basket is read again, and a price that moved meanwhile must still raise the alert rather
 * than become the "reviewed" one unseen.
 */

const KEY = 'stagedoor.basketReviewed';
const VERSION = /^[\w-]{16,64}$/;

export function storeReviewedVersion(holdId: string, version: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ holdId, version }));
  } catch {
    // Private modes can refuse storage; a reload then takes the basket as it finds it.
  }
}

export function readReviewedVersion(holdId: string): string | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const value = JSON.parse(raw) as { holdId?: unknown; version?: unknown };
    return value.holdId === holdId &&
      typeof value.version === 'string' &&
      VERSION.test(value.version)
      ? value.version
      : null;
  } catch {
    return null;
  }
}
