/**
 * The pairs of an import graph that point both ways, each written with the files behind it.
 * `edges` maps "a → b" to the files of a that import b (tests/unit/featureDirections.test.ts,
 * capabilityDirections.test.ts).
 */
export function twoWayPairs(edges: Map<string, string[]>): string[] {
  return [...edges.keys()]
    .filter((key) => {
      const [from, to] = key.split(' → ') as [string, string];
      return from < to && edges.has(`${to} → ${from}`);
    })
    .map((key) => {
      const [from, to] = key.split(' → ') as [string, string];
      return `${key} (${edges.get(key)!.join(', ')}) and back (${edges.get(`${to} → ${from}`)!.join(', ')})`;
    });
}
