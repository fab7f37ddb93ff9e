import type { QueueSettings } from '@contract/api/content';
import type { QueueSaleSummary, QueueScope } from '@contract/api/queue';
import type { RouteTarget } from '@/config/paths';

/**
 * The first sale whose scope covers a show, calendar or tickets route (contract: a sale with
 * neither list guards the venue's every show; otherwise it guards the shows it names, on every
 * page, and the performances it names, on their tickets page).
 */
export function coveringSale<S extends { scope: QueueScope }>(
  sales: readonly S[],
  target: RouteTarget,
): S | undefined {
  return sales.find(({ scope: { showSlugs, performanceIds } }) => {
    if (showSlugs === undefined && performanceIds === undefined) return true;
    const show = target.titleSlug !== undefined && (showSlugs ?? []).includes(target.titleSlug);
    const performance =
      target.performanceId !== undefined && (performanceIds ?? []).includes(target.performanceId);
    return show || performance;
  });
}

/** The queued sale, if any, in front of a route; an inactive queue guards nothing. */
export function saleForRoute(
  settings: QueueSettings | null | undefined,
  target: RouteTarget,
): QueueSaleSummary | undefined {
  if (settings?.active !== true) return undefined;
  return coveringSale(settings.sales, target);
}
