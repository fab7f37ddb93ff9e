import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { RouteTarget } from '@/config/paths';
import { codeEntered, selectPromoEntry, type PromoEntry } from '@/features/promo/promoSlice';
import {
  calendarKey,
  left,
  loadRequested,
  selectCalendar,
  type CalendarRequest,
  type CalendarState,
} from './calendarSlice';

/**
 * Whether the `?pc=` code still has to be entered: a code other than the show's, or the show's
 * own code that the buyer removed on an earlier visit (not on this one, whose address still
 * carries the link while the removal takes it out).
 */
function linkToEnter(
  linkCode: string | undefined,
  entry: PromoEntry | undefined,
  visit: string,
): linkCode is string {
  if (linkCode === undefined) return false;
  if (entry?.code !== linkCode) return true;
  return entry.status === 'removed' && entry.removedOn !== visit;
}

/** The code a read carries: a link's code about to be entered, else one checked or applied. */
function codeToSend(linkCode: string | undefined, entry: PromoEntry | undefined, pending: boolean) {
  if (pending) return linkCode;
  return entry?.status === 'checking' || entry?.status === 'applied' ? entry.code : undefined;
}

/**
 * Reads the route's month of the show's calendar (the `{date?}` param's month, else the first
 * month on sale) with the buyer's code, enters a `?pc=` link's code, and aborts the read when
 * the page is left.
 */
export function useCalendar(target: RouteTarget): {
  calendar: CalendarState;
  request: CalendarRequest;
  isCurrent: boolean;
  retry: () => void;
} {
  const dispatch = useAppDispatch();
  const { region, venueSlug, promo: linkCode } = target;
  const titleSlug = target.titleSlug ?? '';
  const month = target.date?.slice(0, 7);
  const entry = useAppSelector((state) => selectPromoEntry(state, venueSlug, titleSlug));
  const visit = useLocation().key;
  const linkPending = linkToEnter(linkCode, entry, visit);
  const promoCode = codeToSend(linkCode, entry, linkPending);
  const calendar = useAppSelector(selectCalendar);

  const request = useMemo<CalendarRequest>(
    () => ({
      region,
      venueSlug,
      titleSlug,
      ...(month === undefined ? {} : { month }),
      ...(promoCode === undefined ? {} : { promoCode }),
    }),
    [region, venueSlug, titleSlug, month, promoCode],
  );

  useEffect(() => {
    if (linkPending)
      dispatch(codeEntered({ venueSlug, titleSlug, code: linkCode, source: 'link' }));
  }, [dispatch, linkPending, linkCode, venueSlug, titleSlug]);

  const retry = useCallback(() => void dispatch(loadRequested(request)), [dispatch, request]);
  useEffect(() => {
    retry();
    return () => void dispatch(left());
  }, [dispatch, retry]);

  return { calendar, request, isCurrent: calendar.key === calendarKey(request), retry };
}
