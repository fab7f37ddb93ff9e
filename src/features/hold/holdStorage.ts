import { isId } from '@contract/patterns';
import { REGIONS, type Region } from '@contract/regions';
import type { HoldChoice, HoldTarget } from './reservationSlice';

/**
 * The live hold's address, kept for the tab (sessionStorage) so a reload or a slip of the back
 * button finds the seats again instead of losing them; the server is asked what is still held.
 */
export interface StoredHold extends HoldTarget {
  holdId: string;
  /** How it was chosen, so the review step keeps its title across a reload. */
  chosenBy?: HoldChoice;
}

const HOLD_CHOICES: readonly string[] = [
  'seats',
  'admissions',
  'bestAvailable',
] satisfies HoldChoice[];

const KEY = 'stagedoor.hold';

export function storeHold(hold: StoredHold): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(hold));
  } catch {
    // Private modes can refuse storage; the hold then lives only as long as the page.
  }
}

export function forgetHold(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';

export function readStoredHold(): StoredHold | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof StoredHold, unknown>>;
    const { holdId, region, venueSlug, titleSlug, performanceId, chosenBy } = value;
    if (
      isString(holdId) &&
      isId(holdId) &&
      isString(performanceId) &&
      isId(performanceId) &&
      isString(region) &&
      (REGIONS as readonly string[]).includes(region) &&
      isString(venueSlug) &&
      isString(titleSlug)
    )
      return {
        holdId,
        performanceId,
        region: region as Region,
        venueSlug,
        titleSlug,
        ...(isString(chosenBy) && HOLD_CHOICES.includes(chosenBy)
          ? { chosenBy: chosenBy as HoldChoice }
          : {}),
      };
  } catch {
    // A damaged entry is dropped below.
  }
  forgetHold();
  return null;
}
