/**
 * Calls of `load` with the same key while one is still running share its promise, so a burst of
 * identical requests (an onsale rush on one month) costs the database one read. Nothing is kept
 * once it settles: the next request reads afresh, as seat availability needs.
 */
export function sharedInFlight<A, R>(
  keyOf: (args: A) => string,
  load: (args: A) => Promise<R>,
): (args: A) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (args) => {
    const key = keyOf(args);
    const current = running.get(key);
    if (current) return current;
    const started = load(args).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
