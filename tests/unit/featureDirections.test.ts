import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { twoWayPairs } from './twoWayPairs';

/**
 * A feature reaches another in one direction only (shared/style.md): where two features need
 * the same thing, it belongs to a third, or to shared code. Lint's zones (FEATURE_API in
 * eslint.config.js) say WHAT a feature may import of another; this says that no two features
 * import each other, through public modules or not, eagerly, lazily or for types only.
 * A checkout step counts as a feature of its own, as it does in FEATURE_API.
 */

const ROOT = join(import.meta.dirname, '../..');
const FEATURES = join(ROOT, 'src/features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function featureOf(file: string): string | undefined {
  const path = relative(FEATURES, file);
  if (path.startsWith('..')) return undefined;
  const [top, step, ...rest] = path.split(sep);
  return top === 'checkout' && rest.length > 0 ? `checkout/${step}` : top;
}

function resolved(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(ROOT, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate)) ?? base;
}

/** "a → b" for every pair of different features where a file of a imports a file of b. */
function featureEdges(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(FEATURES)) {
    const from = featureOf(file)!;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolved(file, fileName);
      const to = target && featureOf(target);
      if (!to || to === from) continue;
      const key = `${from} → ${to}`;
      edges.set(key, [...new Set([...(edges.get(key) ?? []), relative(ROOT, file)])]);
    }
  }
  return edges;
}

describe('features depend on each other in one direction', () => {
  it('finds the imports between features (the check reads them)', () => {
    // The checkout step imports the payment capability's content: a check that read nothing
    // would pass the test below for the wrong reason.
    expect(featureEdges().get('checkout/payment → payment')).toContain(
      'src/features/checkout/payment/PaymentPage.tsx',
    );
  });

  it('has no two features that import each other', () => {
    expect(twoWayPairs(featureEdges())).toEqual([]);
  });
});
