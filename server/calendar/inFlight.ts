/**
 * Calls of `load` with the same key while one is still running share its promise, so a burst of
 * identical requests on a database that runs them side by side (PostgreSQL) costs one read.
 * With `keepMs`, a successful answer also serves the same key for that long after it arrives:
 * the embedded database runs one request at a time, so nothing is ever in flight together there.
 */
export function sharedInFlight<A, R>(
  keyOf: (args: A) => string,
  load: (args: A) => Promise<R>,
  keepMs = 0,
): (args: A) => Promise<R> {
  const running = new Map<string, Promise<R>>();
  return (args) => {
    const key = keyOf(args);
    const current = running.get(key);
    if (current) return current;
    const started = load(args);
    running.set(key, started);
    const forget = () => {
      if (running.get(key) === started) running.delete(key);
    };
    started.then(() => {
      if (keepMs <= 0) forget();
      // Unreferenced: a kept answer never holds the process open at shutdown.
      else setTimeout(forget, keepMs).unref();
    }, forget);
    return started;
  };
}
