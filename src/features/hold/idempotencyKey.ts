/**
 * A fresh key per buyer action: a retry of that action (a timeout, a double click) reuses it, so
 * the server answers it once. `getRandomValues` rather than `randomUUID`, which only exists on
 * HTTPS and localhost.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
