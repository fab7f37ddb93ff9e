/**
 * Sign-in values the SPA needs as values (issue 14): the limits its inactivity warning counts
 * down to, and the reasons a sign-out may give. Plain data, no zod, like contract/api/constants.ts:
 * importing a value from a schema module would put zod in the buyer's bundle.
 */

/** A signed-in session ends after this long without a state-changing call or keep-alive. */
export const SIGN_IN_IDLE_MINUTES = 30;
/** …and this long after signing in, whatever the buyer does. */
export const SIGN_IN_ABSOLUTE_HOURS = 12;
/** The SPA warns this long before the idle limit (WCAG 2.2.1), offering to stay signed in. */
export const SIGN_IN_WARNING_SECONDS = 120;
/** A password reset link works this long, once. */
export const RESET_LINK_MINUTES = 60;

/** `user`: the buyer chose to sign out; `timeout`: the SPA's inactivity timer ran out. */
export const SIGN_OUT_REASONS = ['user', 'timeout'] as const;
export type SignOutReason = (typeof SIGN_OUT_REASONS)[number];
