import type { QueueSettings } from '@contract/api/content';
import type { RouteTarget } from '@/config/paths';
import type { QueueSale } from './queueSlice';

/**
 * The queued sale, if any, in front of a show, calendar or tickets route. A sale narrowed to
 * shows guards those shows' every page; one narrowed to performances guards only their tickets
 * pages (the show page and calendar also list performances outside it); one narrowed to
 * neither guards the venue's every show. An inactive queue guards nothing.
 */
export function saleForRoute(
  settings: QueueSettings | null | undefined,
  target: RouteTarget,
): QueueSale | undefined {
  if (settings?.active !== true) return undefined;
  return settings.sales.find(({ scope }) => {
    const { showSlugs, performanceIds } = scope;
    if (showSlugs !== undefined && !showSlugs.includes(target.titleSlug ?? '')) return false;
    if (performanceIds !== undefined)
      return target.performanceId !== undefined && performanceIds.includes(target.performanceId);
    return true;
  });
}
