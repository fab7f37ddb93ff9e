/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Milliseconds to one decimal, as the figures are printed. */
export const round1 = (ms: number) => Math.round(ms * 10) / 10;
