/**
 * One value kept for the tab (sessionStorage) together with the hold it belongs to: read back
 * only for that hold, so another hold's value is never reused. Storage that refuses (private
 * modes) or holds something unreadable simply means nothing is kept.
 */
export interface HoldScopedValue<T> {
  store(holdId: string, value: T): void;
  read(holdId: string): T | undefined;
  forget(): void;
}

export function holdScopedStorage<T>(
  key: string,
  isValid: (value: unknown) => value is T,
): HoldScopedValue<T> {
  return {
    store(holdId, value) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify({ holdId, value }));
      } catch {
        // Refused: the buyer's flow goes on without it.
      }
    },
    read(holdId) {
      try {
        const raw = window.sessionStorage.getItem(key);
        if (raw === null) return undefined;
        const kept = JSON.parse(raw) as { holdId?: unknown; value?: unknown };
        return kept.holdId === holdId && isValid(kept.value) ? kept.value : undefined;
      } catch {
        return undefined;
      }
    },
    forget() {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to forget.
      }
    },
  };
}
