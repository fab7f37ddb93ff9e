import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A sweep, reconciliation or dispatcher a capability offers (its jobs.ts); the app runs them. */
export interface PeriodicJob {
  intervalMs: number;
  /** Logged with the error when a run fails. */
  failure: string;
  run: (log: FastifyBaseLogger) => Promise<unknown>;
}

/**
 * Runs `job` every `intervalMs` while the app is up (sweeps, reconciliation, the mail
 * dispatcher). One run at a time: a slow database or mail server must not pile runs up. A
 * failed run is logged as `failure` and simply tried again on the next tick; closing the app
 * waits for a run under way, so no job touches a database that has been closed.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', (ready) => {
    timer = setInterval(() => {
      running ??= job
        .run(app.log)
        .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
        .finally(() => {
          running = undefined;
        });
    }, job.intervalMs);
    timer.unref();
    ready();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
