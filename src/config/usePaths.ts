import { createContext, useContext } from 'react';
import type { Paths, RouteEnv } from '@/config/paths';

/** What the route table was built for, for everything below it (provided by AppRoutes). */
export interface RootHandle {
  paths: Paths;
  routeEnv: RouteEnv;
}

export const RootHandleContext = createContext<RootHandle | null>(null);

export function useRootHandle(): RootHandle {
  const handle = useContext(RootHandleContext);
  if (handle === null) throw new Error('usePaths() needs AppRoutes of src/app/router.tsx');
  return handle;
}

/** Link builders of the current routing mode; the only way pages build paths. */
export function usePaths(): Paths {
  return useRootHandle().paths;
}
