/**
 * Experiments the app runs and the variations each may show. A variation forced with
 * `?force-opty=name:variation` must be listed here, so a typo in a link cannot put a buyer into a
 * state no code path handles.
 */
export const EXPERIMENTS = {
  calendarLayout: ['grid', 'list'],
  tpCopy: ['a', 'b'],
  showCta: ['book', 'choose'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type ExperimentName = keyof typeof EXPERIMENTS;
export type Variation<N extends ExperimentName> = (typeof EXPERIMENTS)[N][number];
export type ForcedVariations = Partial<Record<ExperimentName, string>>;

export function isExperimentName(value: string): value is ExperimentName {
  return Object.prototype.hasOwnProperty.call(EXPERIMENTS, value);
}

export function isVariationOf(name: ExperimentName, value: string): boolean {
  return (EXPERIMENTS[name] as readonly string[]).includes(value);
}

/** Reads repeated `force-opty=name:variation` values; unknown names or variations are dropped. */
export function parseForcedVariations(values: readonly string[]): ForcedVariations {
  const forced: ForcedVariations = {};
  for (const value of values) {
    const separator = value.indexOf(':');
    if (separator <= 0) continue;
    const name = value.slice(0, separator);
    const variation = value.slice(separator + 1);
    if (isExperimentName(name) && isVariationOf(name, variation)) forced[name] = variation;
  }
  return forced;
}

/** FNV-1a: tiny, stable across browsers, and spreads similar ids evenly enough for bucketing. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

export interface ExperimentContext {
  sessionId: string;
  forced: ForcedVariations;
}

/** The forced variation if any, else a bucket that stays the same for the whole session. */
export function pickVariation<N extends ExperimentName>(
  name: N,
  context: ExperimentContext,
): Variation<N> {
  const variations = EXPERIMENTS[name] as readonly Variation<N>[];
  const forced = context.forced[name];
  if (forced !== undefined && (variations as readonly string[]).includes(forced))
    return forced as Variation<N>;
  return variations[hash(`${context.sessionId}:${name}`) % variations.length]!;
}
