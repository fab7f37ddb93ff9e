/*
 * How long to wait before trying again, for every flow that retries on its own (the queue's
 * polling, a write whose answer was lost, a busy membership purchase, the email outbox). Each
 * names its schedule; this module is the one way of turning a schedule into a wait. Zod-free,
 * so the SPA can import it.
 */

export interface RetrySchedule {
  /** The wait before the first retry. */
  firstMs: number;
  /** Each wait is this many times the one before: 2 doubles (the default), 1 keeps it level. */
  factor?: number;
  /** No wait is longer than this. */
  maxMs?: number;
  /**
   * Up to this fraction of the wait is added at random (0.2: up to a fifth), so that many
   * clients refused at once do not all come back in the same second. None by default.
   */
  jitter?: number;
}

/** The wait before retry number `retry` (1 after the first failure, 2 after the second …). */
export function retryDelayMs(
  { firstMs, factor = 2, maxMs = Infinity, jitter = 0 }: RetrySchedule,
  retry: number,
  random: () => number = Math.random,
): number {
  const wait = Math.min(maxMs, firstMs * factor ** Math.max(0, retry - 1));
  return jitter === 0 ? wait : Math.round(wait * (1 + random() * jitter));
}
