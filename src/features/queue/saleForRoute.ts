import type { QueueSettings } from '@contract/api/content';
import type { QueueSaleSummary } from '@contract/api/queue';
import type { RouteTarget } from '@/config/paths';

/**
 * The queued sale, if any, in front of a show, calendar or tickets route (contract: a sale with
 * neither list guards the venue's every show; otherwise it guards the shows it names, on every
 * page, and the performances it names, on their tickets page). An inactive queue guards nothing.
 */
export function saleForRoute(
  settings: QueueSettings | null | undefined,
  target: RouteTarget,
): QueueSaleSummary | undefined {
  if (settings?.active !== true) return undefined;
  return settings.sales.find(({ scope: { showSlugs, performanceIds } }) => {
    if (showSlugs === undefined && performanceIds === undefined) return true;
    const show = target.titleSlug !== undefined && (showSlugs ?? []).includes(target.titleSlug);
    const performance =
      target.performanceId !== undefined && (performanceIds ?? []).includes(target.performanceId);
    return show || performance;
  });
}
