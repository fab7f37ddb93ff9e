import { SLUG_PATTERN } from '@contract/patterns';
import type { PromoEntry } from './promoSlice';

/**
 * Applied codes, per show, for this tab's session: a reload on the tickets page must not drop
 * the buyer's discount. Only applied codes are kept, and anything unreadable is ignored, since
 * storage is written by other versions of the app and can be edited by hand.
 */
const STORAGE_KEY = 'stagedoor.promos';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage disabled (privacy settings): codes then last until the page is left.
    return undefined;
  }
}

function isEntry(value: unknown): value is PromoEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<PromoEntry>;
  return (
    typeof entry.code === 'string' &&
    SLUG_PATTERN.test(entry.code) &&
    typeof entry.label === 'string' &&
    (entry.source === 'link' || entry.source === 'manual') &&
    entry.status === 'applied' &&
    (entry.kind === 'promo' || entry.kind === 'presale') &&
    (entry.discountPercent === null || typeof entry.discountPercent === 'number') &&
    Array.isArray(entry.performanceIds) &&
    entry.performanceIds.every((id) => typeof id === 'string')
  );
}

export function readAppliedPromos(): Record<string, PromoEntry> {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, entry]) => isEntry(entry)));
  } catch {
    return {};
  }
}

export function writeAppliedPromos(byShow: Record<string, PromoEntry>): void {
  const applied = Object.fromEntries(
    Object.entries(byShow).filter(([, entry]) => entry.status === 'applied'),
  );
  try {
    const target = storage();
    if (Object.keys(applied).length === 0) target?.removeItem(STORAGE_KEY);
    else target?.setItem(STORAGE_KEY, JSON.stringify(applied));
  } catch {
    // Quota or privacy mode: the code still works for this page's life.
  }
}
