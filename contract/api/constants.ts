/**
 * Wire constants the SPA needs as values. Plain data, no zod: importing a value from a schema
 * module would put zod in the buyer's bundle (eslint refuses such imports in src/).
 */

/** Header carrying the session's CSRF token on every state-changing call. */
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'stagedoor_session';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header the SPA sends its onsale pass in on hold and admission calls of a queued sale. */
export const QUEUE_PASS_HEADER = 'x-queue-pass';
/** Letters, digits and `_-.:`, 8 to 128 characters: a UUID or any random token fits. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Each extension adds this much to the deadline (WCAG 2.2.1: extend with one action). */
export const HOLD_EXTENSION_MINUTES = 5;
/** Extensions one hold may take; its whole life is capped at holdMinutes + 10 × 5 minutes. */
export const HOLD_MAX_EXTENSIONS = 10;

/** Seat flags, one bit each, in SeatingPlan.seats.flags. */
export const SEAT_FLAGS = {
  restrictedView: 1,
  wheelchair: 2,
  companion: 4,
  accessZone: 8,
  amex: 16,
} as const;

/** Seat status codes, one character each in SeatStatus.status: free, this session's, taken. */
export const SEAT_STATUS = { available: 0, heldByYou: 1, unavailable: 2 } as const;

/** Most of one extra a buyer may add to one order (the basket's PUT refuses more). */
export const UPSELL_MAX_QUANTITY = 10;

/** Sign-in (issue 14, contract/api/auth.ts). A signed-in session ends after this long without a state-changing call or keep-alive. */
export const SIGN_IN_IDLE_MINUTES = 30;
/** …and this long after signing in, whatever the buyer does. */
export const SIGN_IN_ABSOLUTE_HOURS = 12;
/** The SPA warns this long before the idle limit (WCAG 2.2.1), offering to stay signed in. */
export const SIGN_IN_WARNING_SECONDS = 120;
/**
 * A guest holding seats times out after this long without touching the page (issue 24): shorter
 * than a member's sign-in (SIGN_IN_IDLE_MINUTES), which a held basket never reaches (a hold left
 * alone ends within the venue's hold time, 15 minutes by default), so that seats a guest walked
 * away from go back on sale and what they typed goes, while ten quiet minutes (reading the terms,
 * finding a card) still fit. The SPA warns before the end as it does members (WCAG 2.2.1). The
 * server says the limit it runs with (GUEST_IDLE_SECONDS) in the session answer.
 */
export const GUEST_IDLE_MINUTES = 10;
/** The shortest GUEST_IDLE_SECONDS: its warning (half of it, at most two minutes) is then 20 s. */
export const GUEST_IDLE_MIN_SECONDS = 40;
/** A password reset link works this long, once. */
export const RESET_LINK_MINUTES = 60;
