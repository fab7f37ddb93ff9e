/**
 * One value kept for the tab (sessionStorage) until the flow that wrote it has its answer, such
 * as a pay attempt's Idempotency-Key and body. Where the browser refuses storage (private modes)
 * the value lives in the page's memory instead, so a retry or a second click in the same page is
 * still the same attempt. A stored entry is read back only through `parse`; one it refuses
 * (damaged, or written by older code) is dropped.
 */
export interface TabValue<T> {
  store(value: T): void;
  read(): T | null;
  forget(): void;
}

export function tabStorage<T>(key: string, parse: (value: unknown) => T | null): TabValue<T> {
  let unstored: T | null = null;
  const forget = () => {
    unstored = null;
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to forget.
    }
  };
  return {
    store(value) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(value));
        unstored = null;
      } catch {
        unstored = value;
      }
    },
    read() {
      let raw: string | null;
      try {
        raw = window.sessionStorage.getItem(key);
      } catch {
        return unstored;
      }
      if (raw === null) return unstored;
      let parsed: T | null = null;
      try {
        parsed = parse(JSON.parse(raw));
      } catch {
        // Not JSON: dropped below.
      }
      if (parsed === null) forget();
      return parsed;
    },
    forget,
  };
}
