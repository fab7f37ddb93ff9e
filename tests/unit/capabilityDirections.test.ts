import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { twoWayPairs } from './twoWayPairs';

/**
 * A server capability reaches another in one direction only (shared/style.md), as the SPA's
 * features do (featureDirections.test.ts): what two capabilities both need belongs to the one
 * that owns the data, or to a third; what needs both lives in the one that already depends on
 * the other. Lint's zones (serverZones in eslint.config.js) say WHAT one may import of another
 * (its index.ts); this says that no two import each other, nor any longer loop close.
 *
 * Only imports that run count. `import type` / `export type` are erased, so a type-only import
 * back is no cycle at run time and is allowed. `import { type X }` is NOT erased: under
 * verbatimModuleSyntax it stays as `import {} from '…'`, which still loads the module.
 * A folder directly under server/ is a capability (plumbing included, which lint keeps one-way
 * anyway); the app's own files (server/*.ts) wire every capability and are not one.
 */

const ROOT = join(import.meta.dirname, '../..');
const SERVER = join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

function capabilityOf(file: string): string | undefined {
  const path = relative(SERVER, file);
  if (path.startsWith('..')) return undefined;
  const parts = path.split(sep);
  return parts.length > 1 ? parts[0] : undefined;
}

/** The file a relative specifier loads: `../orders` is the folder's index.ts. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  if (existsSync(base) && statSync(base).isDirectory()) return join(base, 'index.ts');
  return base.endsWith('.ts') ? base : `${base}.ts`;
}

/** The modules a source loads when it runs: imports and re-exports not marked `type`, and import(). */
function valueSpecifiers(source: string): string[] {
  const file = ts.createSourceFile('file.ts', source, ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifiers;
}

/** "a → b" for every pair of different capabilities where a file of a loads a file of b. */
function capabilityEdges(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sourceFiles(SERVER)) {
    const from = capabilityOf(file);
    if (!from) continue;
    for (const specifier of valueSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolved(file, specifier);
      const to = target && capabilityOf(target);
      if (!to || to === from) continue;
      const key = `${from} → ${to}`;
      edges.set(key, [...new Set([...(edges.get(key) ?? []), relative(ROOT, file)])]);
    }
  }
  return edges;
}

/**
 * A cycle through the capabilities' imports, as "a → b → … → a", or undefined: a depth-first
 * walk that meets a capability still on its path has closed a loop.
 */
function firstCycle(edges: Map<string, string[]>): string | undefined {
  const next = new Map<string, string[]>();
  for (const key of edges.keys()) {
    const [from, to] = key.split(' → ') as [string, string];
    next.set(from, [...(next.get(from) ?? []), to].sort());
  }
  const done = new Set<string>();
  const walk = (capability: string, path: string[]): string | undefined => {
    const seen = path.indexOf(capability);
    if (seen >= 0) return [...path.slice(seen), capability].join(' → ');
    if (done.has(capability)) return undefined;
    for (const to of next.get(capability) ?? []) {
      const cycle = walk(to, [...path, capability]);
      if (cycle) return cycle;
    }
    done.add(capability);
    return undefined;
  };
  for (const capability of [...next.keys()].sort()) {
    const cycle = walk(capability, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('server capabilities depend on each other in one direction', () => {
  it('reads the imports that run, and not those that are erased', () => {
    expect(
      valueSpecifiers(`
        import type { OrderScope } from '../orders';
        import { type HoldRow } from '../holds';
        import { buyerOf } from '../members';
        export type { Basket } from '../basket';
        export { readBasket } from '../basket/basket';
        const lazy = () => import('../email');
      `),
    ).toEqual(['../holds', '../members', '../basket/basket', '../email']);
  });

  it('finds the imports between capabilities (the check reads them)', () => {
    // Orders asks holds through its folder, '../holds' (its index.ts): a check that resolved
    // nothing would pass the test below for the wrong reason.
    expect(capabilityEdges().get('orders → holds')).toContain('server/orders/orders.ts');
  });

  it('has no two capabilities that import each other', () => {
    expect(twoWayPairs(capabilityEdges())).toEqual([]);
  });

  it('finds a cycle through three or more capabilities (the check below can fail)', () => {
    const edges = new Map([
      ['members → orders', []],
      ['orders → holds', []],
      ['holds → members', []],
      ['holds → lib', []],
    ]);
    expect(firstCycle(edges)).toBe('holds → members → orders → holds');
    edges.delete('members → orders');
    expect(firstCycle(edges)).toBeUndefined();
  });

  it('has no cycle through the capabilities, however long', () => {
    // Two capabilities that do not import each other can still reach each other through a third
    // (members → orders → details → members was one): each still could not be read alone.
    expect(firstCycle(capabilityEdges())).toBeUndefined();
  });
});
