import { useMatches } from 'react-router';
import type { Paths, RouteEnv } from '@/config/paths';

/** What the root route carries for everything below it (set in routeTable). */
export interface RootHandle {
  paths: Paths;
  routeEnv: RouteEnv;
}

function isRootHandle(handle: unknown): handle is RootHandle {
  return typeof handle === 'object' && handle !== null && 'paths' in handle && 'routeEnv' in handle;
}

export function useRootHandle(): RootHandle {
  const handle = useMatches()[0]?.handle;
  if (!isRootHandle(handle))
    throw new Error('usePaths() needs the route table of src/app/router.tsx');
  return handle;
}

/** Link builders of the current routing mode; the only way pages build paths. */
export function usePaths(): Paths {
  return useRootHandle().paths;
}
