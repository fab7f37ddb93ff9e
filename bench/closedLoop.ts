/** How a call of a closed-loop run ended: counted as a success, as a refusal, or not timed at all. */
export type Outcome = 'won' | 'lost' | 'untimed';

export interface LoopWindow {
  /** Calls made before the measured window: JIT, plan caches and pools warm up. */
  warmupMs: number;
  durationMs: number;
}

export interface LoopFigures {
  /** Calls in the window that won, per second. */
  wonPerSecond: number;
  /** Every timed call in the window, per second. */
  callsPerSecond: number;
  /** Latencies (ms) of the window's timed calls, ascending. */
  latencies: number[];
}

/**
 * Each of `clients` makes one call after another (a closed loop, like buyers waiting for each
 * answer) for the warm-up and then the measured window; only calls started inside the window
 * count, so the first seconds of a cold process do not pass for its steady state.
 */
export async function closedLoop<C>(
  clients: readonly C[],
  window: LoopWindow,
  call: (client: C) => Promise<Outcome>,
): Promise<LoopFigures> {
  const opens = performance.now() + window.warmupMs;
  const closes = opens + window.durationMs;
  const latencies: number[] = [];
  let won = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < closes) {
        const t0 = performance.now();
        const outcome = await call(client);
        if (t0 < opens || outcome === 'untimed') continue;
        latencies.push(performance.now() - t0);
        if (outcome === 'won') won += 1;
      }
    }),
  );
  // Calls started in the window may end after it: the window lasts until the last one ends.
  const seconds = (performance.now() - opens) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    wonPerSecond: won / seconds,
    callsPerSecond: latencies.length / seconds,
    latencies,
  };
}
