import { createContext, useContext } from 'react';
import type { RouteTarget } from '@/config/paths';

/**
 * The current address resolved against the route table (AppRoutes): the validated target of the
 * deepest matched route that has one, or why the address names nothing (a RouteStatusError).
 * Resolved once at the top, so the frame above the page knows the venue as the page does.
 */
export type RouteResolution =
  | { failed: false; target: RouteTarget | undefined }
  | { failed: true; error: unknown; target?: undefined };

export const RouteResolutionContext = createContext<RouteResolution>({
  failed: false,
  target: undefined,
});

export function useRouteResolution(): RouteResolution {
  return useContext(RouteResolutionContext);
}

/** The validated target of the deepest matched route that has one (venue, show, performance). */
export function useRouteTarget(): RouteTarget | undefined {
  return useRouteResolution().target;
}

/** For pages whose route always has a target; the route's resolver guarantees it. */
export function useRequiredRouteTarget(): RouteTarget {
  const target = useRouteTarget();
  if (target === undefined)
    throw new Error('This page needs a route whose resolver returns a RouteTarget');
  return target;
}
