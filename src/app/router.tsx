import { createBrowserRouter } from 'react-router';
import type { AppEnv } from '@/config/env';
import { routeTable } from '@/config/routes';

export function createAppRouter(config: AppEnv) {
  return createBrowserRouter(routeTable(config.routingMode, config));
}
