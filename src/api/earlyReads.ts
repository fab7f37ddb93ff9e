import { REQUEST_TIMEOUT_MS } from './client';

declare global {
  interface Window {
    /** Reads public/boot.js started from the page's HTML, by URL (issue 26). */
    __stagedoorEarlyReads?: Record<string, Promise<Response> | undefined>;
  }
}

/**
 * The JSON of a read public/boot.js started for `url` before the app had loaded, taken once (a
 * later read of the same URL, a retry or a return to the page, asks the API afresh), or
 * undefined when there is none. It rejects when that read failed, answered other than 2xx or
 * took longer than a read may: the caller then asks again itself, as it would have anyway.
 */
export function takeEarlyRead<T>(url: string): Promise<T> | undefined {
  const reads = window.__stagedoorEarlyReads;
  const read = reads?.[url];
  if (reads === undefined || read === undefined) return undefined;
  delete reads[url];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`early read of ${url} timed out`)),
      REQUEST_TIMEOUT_MS,
    );
  });
  const answer = read.then(async (response) => {
    if (!response.ok) throw new Error(`early read of ${url} answered ${response.status}`);
    return (await response.json()) as T;
  });
  return Promise.race([answer, timeout]).finally(() => clearTimeout(timer));
}
