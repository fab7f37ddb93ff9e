import { Outlet } from 'react-router';
import { useSagas } from '@/app/hooks';
import { watchCalendar } from '@/features/calendar/calendarSaga';
import { watchPromo } from '@/features/promo/promoSaga';
import { watchSeats } from '@/features/seatSelection/seatsSaga';
import { watchLinkedAvailability } from '@/features/seatSelection/linkedAvailabilitySaga';

const CHOOSING_SAGAS = [watchCalendar, watchPromo, watchSeats, watchLinkedAvailability];

/**
 * Layout route of the calendar and seats pages: its chunk brings their flows (and, through them,
 * their slices), started before a page below dispatches. The first page never loads them.
 */
export default function ChoosingFlows() {
  useSagas(CHOOSING_SAGAS);
  return <Outlet />;
}
