import { CHECKOUT_PATHS } from '@/config/paths';
import type { PaymentProblem } from './paymentSlice';

/** The failure pages' `?reason=` values (docs/decisions.md): a decline needs none. */
export const FAILURE_REASONS = { timedOut: 'timeout', holdLost: 'released' } as const;
export type FailureReason = 'declined' | 'timeout' | 'released';

/** Where a failed payment sends the buyer from /checkout/verify. */
export function failurePath(problem: PaymentProblem): string {
  const reason =
    problem === 'timedOut'
      ? FAILURE_REASONS.timedOut
      : problem === 'holdLost'
        ? FAILURE_REASONS.holdLost
        : undefined;
  return reason === undefined ? CHECKOUT_PATHS.failed : `${CHECKOUT_PATHS.failed}?reason=${reason}`;
}

export function failureReasonOf(value: string | null): FailureReason {
  if (value === FAILURE_REASONS.timedOut) return 'timeout';
  if (value === FAILURE_REASONS.holdLost) return 'released';
  return 'declined';
}
