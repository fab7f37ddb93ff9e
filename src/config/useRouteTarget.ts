import { useMatches } from 'react-router';
import type { RouteTarget } from '@/config/paths';

function isRouteTarget(data: unknown): data is RouteTarget {
  return typeof data === 'object' && data !== null && 'venueSlug' in data && 'region' in data;
}

/** The validated target of the deepest matched route that has one (venue, show, performance). */
export function useRouteTarget(): RouteTarget | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.loaderData;
    if (isRouteTarget(data)) return data;
  }
  return undefined;
}

/** For pages whose route always has a target; the loader guarantees it. */
export function useRequiredRouteTarget(): RouteTarget {
  const target = useRouteTarget();
  if (target === undefined)
    throw new Error('This page needs a route loader that returns a RouteTarget');
  return target;
}
