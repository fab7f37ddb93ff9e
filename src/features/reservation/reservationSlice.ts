import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The buyer's seat hold as far as navigation cares: checkout steps are reachable only while it is
 * held and not past its deadline. The hold flow itself (issue 5) fills it in.
 */
export interface ReservationState {
  status: 'none' | 'held' | 'expired';
  expiresAt?: string;
  venueSlug?: string;
  titleSlug?: string;
  performanceId?: string;
  /** Set once payment succeeds, so the confirmation page can be shown. */
  orderId?: string;
}

const initialState: ReservationState = { status: 'none' };

export const reservationSlice = createSlice({
  name: 'reservation',
  initialState,
  reducers: {
    held: (
      _state,
      action: PayloadAction<{
        expiresAt: string;
        venueSlug: string;
        titleSlug?: string;
        performanceId: string;
      }>,
    ) => ({ status: 'held', ...action.payload }),
    holdExpired: (state) => {
      state.status = 'expired';
    },
    released: () => initialState,
    orderConfirmed: (state, action: PayloadAction<{ orderId: string }>) => {
      state.orderId = action.payload.orderId;
    },
  },
  selectors: {
    selectReservation: (state) => state,
  },
});

export const { held, holdExpired, released, orderConfirmed } = reservationSlice.actions;
export const { selectReservation } = reservationSlice.selectors;

/** True while the hold exists and its deadline is still ahead. */
export function isHoldLive(reservation: ReservationState, now: number): boolean {
  if (reservation.status !== 'held') return false;
  if (reservation.expiresAt === undefined) return false;
  const deadline = Date.parse(reservation.expiresAt);
  return Number.isFinite(deadline) && deadline > now;
}
