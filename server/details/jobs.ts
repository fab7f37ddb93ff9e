import type { Queryable } from '../db/database';
import type { PeriodicJob } from '../http/periodicJob';
import { purgeAbandonedDetails } from './queries';

/** Personal data of holds that were never bought is dropped a day after they expire. */
export const DETAILS_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function detailsJobs(db: Queryable): PeriodicJob[] {
  return [
    {
      intervalMs: DETAILS_PURGE_INTERVAL_MS,
      failure: 'details purge failed',
      run: () => purgeAbandonedDetails(db),
    },
  ];
}
