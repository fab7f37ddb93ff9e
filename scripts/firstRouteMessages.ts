import { readFileSync } from 'node:fs';
import { staticGraph } from './staticGraph.ts';

/**
 * The first route: what a buyer's browser runs to show What's on (the module entry, the app it
 * starts, the directory page). `npm run bench` measures the same modules (bench/run.ts).
 */
export const FIRST_ROUTE_ENTRIES = [
  'src/app/main.tsx',
  'src/app/start.tsx',
  'src/features/catalogue/DirectoryPage.tsx',
] as const;

type Messages = Record<string, string>;

// A whole id in quotes (`id: 'x.y'`, `titleId: 'x.y'`, a table of ids), or the fixed head of one
// built at run time (`directory.region.${code}`, 'footer.legal.' + key).
const WHOLE_ID = /['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g;
const ID_HEAD = /['"`]([a-z][\w-]*(?:\.[\w-]+)*\.)(?:\$\{|['"`]\s*\+)/g;

const namespaceOf = (id: string): string => id.split('.')[0]!;

/**
 * Namespaces (`directory`, `footer`…) of every message the first route's modules name. Whole
 * namespaces rather than single ids, so an id a module builds from a variable in a way this
 * reading misses still comes with its siblings.
 */
export function firstRouteNamespaces(root: string, source: Messages): Set<string> {
  const namespaces = new Set<string>();
  for (const file of staticGraph(root, FIRST_ROUTE_ENTRIES).files) {
    if (!/\.tsx?$/.test(file)) continue;
    const code = readFileSync(file, 'utf8');
    for (const [, id] of code.matchAll(WHOLE_ID)) {
      if (id! in source) namespaces.add(namespaceOf(id!));
    }
    for (const [, head] of code.matchAll(ID_HEAD)) namespaces.add(namespaceOf(head!));
  }
  return namespaces;
}

/**
 * The en-GB source in two parts: the first route's messages, shipped with the first page, and
 * the rest, a lazy chunk every other page waits for with its own (src/i18n/sourceCatalogue.ts).
 */
export function splitSource(
  root: string,
  source: Messages,
): { firstRoute: Messages; rest: Messages } {
  const namespaces = firstRouteNamespaces(root, source);
  const firstRoute: Messages = {};
  const rest: Messages = {};
  for (const [id, message] of Object.entries(source)) {
    (namespaces.has(namespaceOf(id)) ? firstRoute : rest)[id] = message;
  }
  return { firstRoute, rest };
}
