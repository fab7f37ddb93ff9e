import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Static imports and re-exports, not `import type`/`export type` (erased) nor `import()` (lazy).
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveSource(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('@contract/')) base = join(root, 'contract', specifier.slice(10));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined; // a package: no message ids of ours
  base = base.split('?')[0]!;
  return EXTENSIONS.map((ext) => base + ext).find(
    (path) => /\.tsx?$/.test(path) && existsSync(path) && statSync(path).isFile(),
  );
}

/**
 * The source files (relative to `root`) that `entries` pull in through static imports: what the
 * browser must have to run them, before any lazy chunk. A light reading of import lines, enough
 * for this codebase's plain `import … from '…'` style.
 */
export function staticGraph(rootDir: string, entries: readonly string[]): string[] {
  const root = resolve(rootDir);
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveSource(root, file, match[1]!);
      if (target !== undefined) visit(target);
    }
  };
  for (const entry of entries) visit(join(root, entry));
  return [...seen].map((file) => relative(root, file)).sort();
}
