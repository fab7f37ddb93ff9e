import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name only paths that exist: every backticked path in them that starts with one of
 * the repository's top folders must be there. A moved file fails this test until the docs say
 * where it went (the decision log keeps its history in words, not in dead paths).
 */

const ROOT = join(import.meta.dirname, '../..');
const DOCS = ['docs/decisions.md', 'docs/architecture.md'];
const TOP_FOLDERS = ['src', 'server', 'contract', 'tests', 'scripts', 'venues', 'locales', 'docs'];
const PATH = new RegExp(`^(?:${TOP_FOLDERS.join('|')})/`);

/**
 * The part of a named path that must exist. A segment that stands for many (`<slug>`, `*.test.ts`,
 * `{a,b}`, `…`) ends it: its folder is checked, e.g. `server/db/queries/<resource>.ts` checks
 * `server/db/queries/`. A `:line` or `#anchor` after the path is not part of it.
 */
function checkedPart(named: string): string {
  const path = named.replace(/(?::\d+(?:-\d+)?|#[\w-]+)$/, '');
  const segments = path.split('/');
  const first = segments.findIndex((segment) => /[<>*{}…]/.test(segment));
  return first === -1 ? path : `${segments.slice(0, first).join('/')}/`;
}

function namedPaths(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return [...new Set(names.filter((name) => PATH.test(name)))];
}

describe('checkedPart', () => {
  it('keeps a plain path, and cuts one at the segment that stands for many', () => {
    expect(checkedPart('src/app/router.tsx')).toBe('src/app/router.tsx');
    expect(checkedPart('server/db/queries/<resource>.ts')).toBe('server/db/queries/');
    expect(checkedPart('locales/brands/<brand>/')).toBe('locales/brands/');
    expect(checkedPart('tests/e2e/*.test.ts')).toBe('tests/e2e/');
    expect(checkedPart('server/config.ts:12')).toBe('server/config.ts');
  });
});

describe.each(DOCS)('%s', (doc) => {
  const paths = namedPaths(doc);

  it('names paths (the check has something to check)', () => {
    expect(paths.length).toBeGreaterThan(0);
  });

  it('names only paths that exist', () => {
    const missing = paths.filter((named) => !existsSync(join(ROOT, checkedPart(named))));
    expect(missing, `${doc} names paths that do not exist`).toEqual([]);
  });
});
