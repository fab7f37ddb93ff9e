import type { Queryable } from '../db/database';
import { SWEEP_INTERVAL_MS } from '../config';
import type { PeriodicJob } from '../http/periodicJob';
import { sweepExpiredHolds } from './holds';

/** Expired holds of the region give their seats back; expiry is also enforced on every read. */
export function holdJobs(db: Queryable, region: string): PeriodicJob[] {
  return [
    {
      intervalMs: SWEEP_INTERVAL_MS,
      failure: 'hold sweep failed',
      run: () => sweepExpiredHolds(db, region),
    },
  ];
}
