import type { PerformanceParts } from '../../contract/api/common';

/**
 * What a query reads of a performance and its linked part (issue 24: migration 0033), for
 * every capability that names a performance to the buyer: `p.part`, and the other part's id and
 * start from `LEFT JOIN performances lp ON lp.id = p.linked_performance_id`.
 */
export interface LinkedPartFacts {
  part: 1 | 2 | null;
  linkedId: string | null;
  linkedStartsAt: Date | string | null;
}

/** Both parts, Part One first, of a linked performance; undefined for a single one. */
export function performanceParts(
  performance: { id: string; startsAt: Date | string } & LinkedPartFacts,
): PerformanceParts | undefined {
  const { part, linkedId, linkedStartsAt } = performance;
  if (part === null || linkedId === null || linkedStartsAt === null) return undefined;
  const self = { performanceId: performance.id.toUpperCase(), startsAt: iso(performance.startsAt) };
  const other = { performanceId: linkedId.toUpperCase(), startsAt: iso(linkedStartsAt) };
  return part === 1
    ? [
        { part: 1, ...self },
        { part: 2, ...other },
      ]
    : [
        { part: 1, ...other },
        { part: 2, ...self },
      ];
}

const iso = (at: Date | string): string => new Date(at).toISOString();

/** `{ parts }` to spread into an answer for a linked performance; nothing for a single one. */
export function partsOf(performance: { id: string; startsAt: Date | string } & LinkedPartFacts): {
  parts?: PerformanceParts;
} {
  const parts = performanceParts(performance);
  return parts ? { parts } : {};
}
