import type { Readiness as ReadinessAnswer } from '../../contract/api/common';
import type { Database } from '../db/database';
import { ping } from './queries';

/** A probe answered within this long or the database counts as unreachable. */
export const READY_PROBE_TIMEOUT_MS = 1_000;
/** Probes (a balancer's every few seconds, from each of several) share one `select 1` this long. */
export const READY_PROBE_CACHE_MS = 1_000;

/**
 * Whether this process should get traffic (GET /ready, issue 25), unlike GET /health's liveness:
 * not until start-up has migrated the database and loaded the catalogue (`loaded()`), and not
 * while the database does not answer a `select 1` within a second. Probes share one answer for a
 * second, so a fleet of them cannot hammer a database that is struggling.
 */
export class Readiness {
  private started = false;
  private probe: { at: number; answer: Promise<boolean> } | undefined;

  constructor(
    private readonly db: Database,
    private readonly timing = { timeoutMs: READY_PROBE_TIMEOUT_MS, cacheMs: READY_PROBE_CACHE_MS },
  ) {}

  /** Start-up is done: migrations run and the catalogue is in the database. */
  loaded(): void {
    this.started = true;
  }

  async status(): Promise<ReadinessAnswer['status']> {
    if (!this.started) return 'starting';
    return (await this.databaseAnswers()) ? 'ready' : 'database_unreachable';
  }

  private databaseAnswers(): Promise<boolean> {
    const now = Date.now();
    if (this.probe && now - this.probe.at < this.timing.cacheMs) return this.probe.answer;
    const answer = this.ping();
    this.probe = { at: now, answer };
    return answer;
  }

  private async ping(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        ping(this.db).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), this.timing.timeoutMs);
        }),
      ]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
