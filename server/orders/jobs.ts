import type { PaymentSweepSettings } from '../config';
import type { PeriodicJob } from '../http/periodicJob';
import type { PaymentService } from '../payments';
import type { OrderContext } from './context';
import { reconcilePayments, settleAbandonedAttempts } from './orders';

/**
 * A request that is not waiting on the gateway takes this long at most beside the gateway's own
 * time limit (database work, a busy pool); an unfinished attempt that stood still longer than
 * both has no flow left working on it.
 */
const FLOW_MARGIN_S = 10;

/**
 * Attempts nobody finishes, captures the gateway refused and failed attempts' money still held
 * are settled here (orders/orders.ts settleAbandonedAttempts, reconcilePayments).
 */
export function orderJobs(
  orders: OrderContext,
  region: string,
  payments: PaymentService,
  sweep: PaymentSweepSettings,
): PeriodicJob[] {
  if (sweep.intervalMs <= 0) return [];
  const ages = {
    unansweredS: Math.ceil(payments.timeoutMs / 1000) + FLOW_MARGIN_S,
    actionS: sweep.threeDsAbandonedAfterS,
  };
  return [
    {
      intervalMs: sweep.intervalMs,
      failure: 'payment reconciliation failed',
      run: async (log) => {
        const context = await orders.contextFor(log);
        await settleAbandonedAttempts(context, region, ages);
        await reconcilePayments(context, region);
      },
    },
  ];
}
