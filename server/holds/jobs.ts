import type { Queryable } from '../db/database';
import { SWEEP_INTERVAL_MS } from '../config';
import type { PeriodicJob } from '../http/periodicJob';
import { sweepExpiredHolds } from './holds';

/**
 * The region's expired holds give back their admissions (a seat of an expired hold is taken over
 * when claimed: expiry is enforced on every read), and stale idempotency keys are purged.
 */
export function holdJobs(db: Queryable, region: string): PeriodicJob[] {
  return [
    {
      intervalMs: SWEEP_INTERVAL_MS,
      failure: 'hold sweep failed',
      run: () => sweepExpiredHolds(db, region),
    },
  ];
}
