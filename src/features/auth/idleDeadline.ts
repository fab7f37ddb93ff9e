import type { SignInState } from '@contract/api/auth';
import type { Timed } from '@/api/signInState';
import type { SignInUpdate } from './authSlice';

/**
 * A timed answer as the store keeps it: the server's instants, plus the idle limit on the page's
 * clock (how long the server said was left, counted from now). Without the server's clock the
 * instant is taken as it is.
 */
export function withIdleDeadline(answer: Timed<SignInState>, now = Date.now()): SignInUpdate {
  const { account, idleExpiresAt, absoluteExpiresAt, serverNow } = answer;
  const limit = idleExpiresAt === null ? null : Date.parse(idleExpiresAt);
  const idleDeadline =
    limit === null ? null : serverNow === null ? limit : now + (limit - serverNow);
  return { account, idleExpiresAt, absoluteExpiresAt, idleDeadline };
}

/**
 * A read again of a sign-in this page already counts down: the limit moves on the page's clock
 * by as much as it moved on the server's (a state-changing call may have moved it), whatever
 * time either clock says it is now.
 */
export function rereadIdleDeadline(
  answer: SignInState,
  before: { idleExpiresAt: string | null; idleDeadline: number | null },
): SignInUpdate {
  const { account, idleExpiresAt, absoluteExpiresAt } = answer;
  if (idleExpiresAt === null || before.idleExpiresAt === null || before.idleDeadline === null)
    return withIdleDeadline({ ...answer, serverNow: null });
  const moved = Date.parse(idleExpiresAt) - Date.parse(before.idleExpiresAt);
  return { account, idleExpiresAt, absoluteExpiresAt, idleDeadline: before.idleDeadline + moved };
}
