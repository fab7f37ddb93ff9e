import type { PeriodicJob } from '../http/periodicJob';
import type { OnsaleQueue } from './queue';
import type { OnsaleQueueSettings } from './settings';

/** Every process offers; one meters each sale per tick (server/queue/queries.ts meterSale). */
export function queueJobs(queue: OnsaleQueue, settings: OnsaleQueueSettings): PeriodicJob[] {
  if (!queue.queuesAnything || settings.meterIntervalMs <= 0) return [];
  return [
    {
      intervalMs: settings.meterIntervalMs,
      failure: 'queue metering failed',
      run: () => queue.meter(),
    },
  ];
}
