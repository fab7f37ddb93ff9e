import { useCallback, useEffect } from 'react';
import type { RouteTarget } from '@/config/paths';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { loadRequested, selectShow, showKey, type ShowState } from './showSlice';

/** Requests the route's show on mount and whenever the route names another one. */
export function useShowContent(target: RouteTarget): {
  show: ShowState;
  isCurrent: boolean;
  retry: () => void;
} {
  const dispatch = useAppDispatch();
  const show = useAppSelector(selectShow);
  const { region, venueSlug } = target;
  const titleSlug = target.titleSlug ?? '';
  const retry = useCallback(
    () => void dispatch(loadRequested({ region, venueSlug, titleSlug })),
    [dispatch, region, venueSlug, titleSlug],
  );
  useEffect(retry, [retry]);
  return { show, isCurrent: show.key === showKey({ venueSlug, titleSlug }), retry };
}
