import { useEffect, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { selectReservation } from '@/features/hold/reservationSlice';
import { loadRequested, selectSeats } from '@/features/seatSelection/seatsSlice';

/** Section and area names by code; a code stands in until the plan is known. */
export interface PlaceNames {
  section(code: string): string;
  area(code: string): string;
}

/**
 * The basket names places by code; the held performance's plan (cached by the browser, fetched
 * after a reload) turns them into the names the buyer chose from.
 */
export function usePlaceNames(): PlaceNames {
  const dispatch = useAppDispatch();
  const { region, performanceId } = useAppSelector(selectReservation);
  const seats = useAppSelector(selectSeats);
  const plan = seats.performanceId === performanceId ? seats.plan : null;

  useEffect(() => {
    if (region === undefined || performanceId === undefined) return;
    if (seats.performanceId !== performanceId) dispatch(loadRequested({ region, performanceId }));
  }, [dispatch, region, performanceId, seats.performanceId]);

  return useMemo(() => {
    const sections = new Map(plan?.sections.map((s) => [s.code, s.name]) ?? []);
    const areas = new Map(plan?.areas.map((a) => [a.code, a.name]) ?? []);
    return {
      section: (code) => sections.get(code) ?? code,
      area: (code) => areas.get(code) ?? code,
    };
  }, [plan]);
}
