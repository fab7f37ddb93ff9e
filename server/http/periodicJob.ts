import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `intervalMs` while the app is up (sweeps, reconciliation, the mail
 * dispatcher). One run at a time: a slow database or mail server must not pile runs up. A
 * failed run is logged as `failure` and simply tried again on the next tick; closing the app
 * waits for a run under way, so no job touches a database that has been closed.
 */
export function runPeriodically(
  app: FastifyInstance,
  intervalMs: number,
  failure: string,
  job: () => Promise<unknown>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', (ready) => {
    timer = setInterval(() => {
      running ??= job()
        .catch((error: unknown) => app.log.warn({ err: error }, failure))
        .finally(() => {
          running = undefined;
        });
    }, intervalMs);
    timer.unref();
    ready();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
