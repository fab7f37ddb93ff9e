import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/**
 * What a module pulls in when it runs: the static imports of the SPA's source followed from some
 * entries (dynamic import() starts another chunk, `import type` vanishes). Shared by the check
 * that checkout code stays off the first route (src/components/form/firstRoute.test.ts) and the
 * build's split of the message source (scripts/firstRouteMessages.ts).
 */

const ALIASES: [prefix: string, dir: string][] = [
  ['@/', 'src'],
  ['@contract/', 'contract'],
];
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(root: string, specifier: string, fromFile: string): string | undefined {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  const base = alias
    ? join(root, alias[1], specifier.slice(alias[0].length))
    : specifier.startsWith('.')
      ? join(dirname(fromFile), specifier)
      : undefined;
  if (base === undefined) return undefined;
  return EXTENSIONS.map((ext) => base + ext).find(
    (path) => existsSync(path) && !path.endsWith('/') && /\.(tsx?|json)$/.test(path),
  );
}

/** Specifiers a module loads when it runs: value imports and re-exports, not types or import(). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.isTypeOnly &&
      statement.moduleSpecifier !== undefined
    ) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found;
}

function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every local file (absolute path) and package the entries (relative to `root`) pull in statically. */
export function staticGraph(
  root: string,
  entries: readonly string[],
): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => join(root, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (file.endsWith('.json')) continue;
    for (const specifier of runtimeImports(file)) {
      const local = resolveLocal(root, specifier, file);
      if (local !== undefined) queue.push(local);
      else if (!specifier.startsWith('.') && !ALIASES.some(([p]) => specifier.startsWith(p))) {
        packages.add(packageOf(specifier));
      }
    }
  }
  return { files, packages };
}
