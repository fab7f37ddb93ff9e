import { spawn } from 'redux-saga/effects';
import { watchCalendar } from '@/features/calendar/calendarSaga';
import { watchCms } from '@/features/cms/cmsSaga';
import { watchPromo } from '@/features/promo/promoSaga';
import { watchReservation } from '@/features/reservation/reservationSaga';
import { watchSeats } from '@/features/seats/seatsSaga';
import { watchShow } from '@/features/show/showSaga';
import { watchVenue } from '@/features/venue/venueSaga';

/** `spawn`, not `fork`: one flow crashing must not take the others down with it. */
export function* rootSaga() {
  yield spawn(watchCms);
  yield spawn(watchVenue);
  yield spawn(watchShow);
  yield spawn(watchCalendar);
  yield spawn(watchPromo);
  yield spawn(watchSeats);
  yield spawn(watchReservation);
}
