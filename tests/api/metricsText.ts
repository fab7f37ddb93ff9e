/** One sample of Prometheus' text format: its name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample of a /metrics answer (comments and blank lines skipped). */
export function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[key!] = value!;
      }
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/**
 * The value of the sample with this name whose labels include `labels`, summed over the rest of
 * its labels; 0 when there is none (a counter not yet incremented has no sample).
 */
export function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
