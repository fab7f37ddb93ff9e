import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Hold } from '@contract/api/holds';
import type { Region } from '@contract/regions';

/** What the buyer asked to hold: seats picked on the map or list, places by quantity, or best available. */
export type HoldRequest =
  | { kind: 'seats'; seats: string[] }
  | { kind: 'admissions'; admissions: { area: string; priceOption: string; quantity: number }[] }
  | {
      kind: 'bestAvailable';
      quantity: number;
      priceBand?: string;
      section?: string;
      accessible?: boolean;
    };

/** How the held seats or places were chosen: the review step is titled and worded by it. */
export type HoldChoice = HoldRequest['kind'];

export interface HoldTarget {
  region: Region;
  venueSlug: string;
  titleSlug: string;
  performanceId: string;
}

/** The spec's reservation errors (§8), plus the refusals a hold or extension can meet. */
export type ReservationError =
  | 'unavailable'
  | 'limit'
  | 'clientLimit'
  /** Spec §8's seat-validation failure: the seats would leave one alone (named in takenSeatIds). */
  | 'seatGap'
  | 'presale'
  /** Wheelchair spaces, companion and access seats are for signed-in Access members (issue 14). */
  | 'accessMembership'
  | 'promo'
  | 'promoNotForEvent'
  /** Issue 24: a single-use code an order has already redeemed. */
  | 'promoSingleUse'
  | 'expired'
  | 'extensionLimit'
  | 'connection'
  | 'general';

/**
 * The buyer's hold. `restoring` while a reload looks its hold up again; `holding` while a hold
 * call is out; `held` with a deadline the server enforces; `expired` once that deadline passed.
 */
export interface ReservationState {
  status: 'none' | 'restoring' | 'holding' | 'held' | 'expired';
  region?: Region;
  venueSlug?: string;
  titleSlug?: string;
  performanceId?: string;
  hold?: Hold;
  /** How the hold was chosen (unknown for a hold restored from before this was stored). */
  chosenBy?: HoldChoice;
  expiresAt?: string;
  /** A call on the live hold in flight (the page disables the matching button). */
  pending: 'extend' | 'release' | null;
  error: ReservationError | null;
  /** With `unavailable`: the seats another buyer got first; with `seatGap`: the seats left alone. */
  takenSeatIds: string[];
  /**
   * The total the buyer saw when choosing (minor units), when the page could know it; a hold
   * priced differently raises the price-change alert until acknowledged.
   */
  quotedTotal?: number;
  /**
   * Server clock minus this browser's clock (ms), from the last hold answer: the countdown and
   * the expiry run on the server's time, so a laptop a few minutes fast loses nothing early.
   */
  clockOffsetMs: number;
  /** Set once payment succeeds, so the confirmation page can be shown. */
  orderId?: string;
}

const initialState: ReservationState = {
  status: 'none',
  pending: null,
  error: null,
  takenSeatIds: [],
  clockOffsetMs: 0,
};

/** No hold any more, but the performance it was for, for the frame and "choose again" links. */
function afterHold(state: ReservationState): ReservationState {
  const { region, venueSlug, titleSlug, performanceId, clockOffsetMs } = state;
  return { ...initialState, region, venueSlug, titleSlug, performanceId, clockOffsetMs };
}

export const reservationSlice = createSlice({
  name: 'reservation',
  initialState,
  reducers: {
    /** A reload looks the tab's hold up again; what it was for frames the page meanwhile. */
    restoreStarted: (state, action: PayloadAction<HoldTarget>) => ({
      ...initialState,
      ...action.payload,
      status: 'restoring',
      clockOffsetMs: state.clockOffsetMs,
    }),
    restoreFinished: (state) => {
      if (state.status === 'restoring') state.status = 'none';
    },
    holdRequested: (
      state,
      action: PayloadAction<
        HoldTarget & { request: HoldRequest; promoCode?: string; quotedTotal?: number }
      >,
    ) => {
      state.status = 'holding';
      state.error = null;
      state.takenSeatIds = [];
      state.performanceId = action.payload.performanceId;
    },
    held: (
      state,
      action: PayloadAction<
        HoldTarget & {
          hold: Hold;
          chosenBy?: HoldChoice;
          quotedTotal?: number;
          clockOffsetMs?: number;
        }
      >,
    ) => ({
      ...initialState,
      status: 'held',
      ...action.payload,
      clockOffsetMs: action.payload.clockOffsetMs ?? state.clockOffsetMs,
      expiresAt: action.payload.hold.expiresAt,
    }),
    /** The old hold was let go to make way for the new choice; the new one is on its way. */
    previousHoldReleased: (state) => {
      delete state.hold;
      delete state.expiresAt;
    },
    /** A reload found the tab's hold already past its deadline: the expiry dialog says so. */
    restoredExpired: (state, action: PayloadAction<HoldTarget>) => ({
      ...initialState,
      ...action.payload,
      status: 'expired',
      clockOffsetMs: state.clockOffsetMs,
    }),
    holdFailed: (
      state,
      action: PayloadAction<{ error: ReservationError; takenSeatIds?: string[] }>,
    ) => {
      state.status = state.hold === undefined ? 'none' : 'held';
      state.error = action.payload.error;
      state.takenSeatIds = action.payload.takenSeatIds ?? [];
    },
    extendRequested: (state) => {
      state.pending = 'extend';
      state.error = null;
    },
    extended: (state, action: PayloadAction<{ hold: Hold; clockOffsetMs?: number }>) => {
      state.pending = null;
      if (action.payload.clockOffsetMs !== undefined)
        state.clockOffsetMs = action.payload.clockOffsetMs;
      state.hold = action.payload.hold;
      state.expiresAt = action.payload.hold.expiresAt;
    },
    extendFailed: (state, action: PayloadAction<{ error: ReservationError }>) => {
      state.pending = null;
      state.error = action.payload.error;
    },
    /**
     * Only a held hold can expire. A late 410 (an extend, a basket read or a pay refusal answered
     * after the hold became an order, was let go, or while a reload still looks it up) must not
     * open the expiry dialog over whatever the buyer moved on to.
     */
    holdExpired: (state) => {
      if (state.status !== 'held') return;
      state.status = 'expired';
      state.pending = null;
    },
    /** `reason` tells the flow what the buyer chose; the page navigates accordingly. */
    releaseRequested: (
      state,
      _action: PayloadAction<{ reason: 'leave' | 'reselect' | 'cancel' }>,
    ) => {
      state.pending = 'release';
    },
    released: () => initialState,
    priceChangeAcknowledged: (state) => {
      delete state.quotedTotal;
    },
    errorCleared: (state) => {
      state.error = null;
      state.takenSeatIds = [];
    },
    /**
     * Paid: the hold became an order, so the countdown, the leave prompts and the checkout guard
     * stop. What it was for stays, so the confirmation is framed in the venue's colours.
     */
    orderConfirmed: (state, action: PayloadAction<{ orderId: string }>) => ({
      ...afterHold(state),
      orderId: action.payload.orderId,
    }),
    /**
     * The payment arrived after the hold ended and its seats were gone (pay outcome hold_lost):
     * nothing is held any more, and the page offers the same performance again.
     */
    holdLost: (state) => afterHold(state),
  },
  selectors: {
    selectReservation: (state) => state,
  },
});

export const {
  restoreStarted,
  restoreFinished,
  holdRequested,
  held,
  previousHoldReleased,
  restoredExpired,
  holdFailed,
  extendRequested,
  extended,
  extendFailed,
  holdExpired,
  releaseRequested,
  released,
  priceChangeAcknowledged,
  errorCleared,
  orderConfirmed,
  holdLost,
} = reservationSlice.actions;
export const { selectReservation } = reservationSlice.selectors;

/** True while the hold exists and its deadline is still ahead. */
export function isHoldLive(reservation: ReservationState, now: number): boolean {
  if (reservation.status !== 'held') return false;
  return millisecondsLeft(reservation, now) > 0;
}

/** Time left on the hold by the server's clock; 0 when there is no deadline or it has passed. */
export function millisecondsLeft(reservation: ReservationState, now: number): number {
  if (reservation.expiresAt === undefined) return 0;
  const deadline = Date.parse(reservation.expiresAt);
  if (!Number.isFinite(deadline)) return 0;
  return Math.max(0, deadline - (now + reservation.clockOffsetMs));
}

const selectHold = createSelector([selectReservation], (reservation) => reservation.hold);

/**
 * The hold's total in minor units, from the server's answer: its seats and its places at their
 * all-in prices; 0 while nothing is held.
 */
export const selectHoldTotal = createSelector([selectHold], (hold) =>
  hold === undefined
    ? 0
    : hold.seats.reduce((sum, seat) => sum + seat.price.amount, 0) +
      hold.admissions.reduce((sum, a) => sum + a.quantity * a.price.amount, 0),
);
