import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * Checks of the text catalogue shared by the unit test (src/i18n/catalogue.test.ts) and the
 * command line (`npx tsx scripts/checkMessages.ts`), so CI and a writer editing copy see the
 * same problems.
 */

export const SOURCE_FILE = join('locales', 'en-GB.json');

export type Catalogue = Record<string, string>;

export function readCatalogue(file: string): Catalogue {
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

function filesUnder(dir: string, match: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, match);
    return match(path) ? [path] : [];
  });
}

/** Every override file: locale layers (en-US), brand groups and venue groups. */
export function overrideFiles(root: string): string[] {
  const source = join(root, SOURCE_FILE);
  return [
    ...filesUnder(join(root, 'locales'), (p) => p.endsWith('.json') && p !== source),
    ...filesUnder(join(root, 'venues'), (p) => /[\\/]messages[\\/][^\\/]+\.json$/.test(p)),
  ];
}

/** Placeholder names of a message, including those inside plural/select branches and rich-text tags. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(`${TYPE[element.type]}:${element.value}`);
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

// Ids reach react-intl through `id: '…'` (formatMessage, defineMessages) or `id="…"` (FormattedMessage);
// a namespaced id always has a dot, which keeps HTML ids such as id="main-content" out.
const ID_PATTERN = /\bid(?::\s*|=\{?\s*)['"`]([a-z][\w-]*(?:\.[\w-]+)+)['"`]/g;

/** Message ids the SPA source uses, each with one file that uses it. */
export function usedIds(root: string): Map<string, string> {
  const sources = filesUnder(
    join(root, 'src'),
    (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p),
  );
  const used = new Map<string, string>();
  for (const file of sources) {
    for (const id of idsIn(readFileSync(file, 'utf8'))) used.set(id, relative(root, file));
  }
  return used;
}

/** Message ids one source file passes to react-intl by name. */
export function idsIn(code: string): string[] {
  return [...code.matchAll(ID_PATTERN)].map((match) => match[1]!);
}

/** Every problem in the catalogue, one line each; empty when all is well. */
export function catalogueProblems(root: string, locales: readonly string[]): string[] {
  const source = readCatalogue(join(root, SOURCE_FILE));
  const problems: string[] = [];
  for (const [id, message] of Object.entries(source)) {
    try {
      parse(message);
    } catch (error) {
      problems.push(`${SOURCE_FILE}: ${id} is not valid ICU (${String(error)})`);
    }
  }
  for (const file of overrideFiles(root)) {
    const name = relative(root, file);
    const locale = file
      .split(/[\\/]/)
      .pop()!
      .replace(/\.json$/, '');
    if (!locales.includes(locale)) problems.push(`${name}: ${locale} is not a supported locale`);
    for (const [id, message] of Object.entries(readCatalogue(file))) {
      const base = source[id];
      if (base === undefined) {
        problems.push(`${name}: ${id} does not exist in ${SOURCE_FILE}`);
        continue;
      }
      try {
        if (placeholders(message).join() !== placeholders(base).join()) {
          problems.push(
            `${name}: ${id} has placeholders ${placeholders(message).join(', ') || 'none'}, en-GB has ${placeholders(base).join(', ') || 'none'}`,
          );
        }
      } catch (error) {
        problems.push(`${name}: ${id} is not valid ICU (${String(error)})`);
      }
    }
  }
  for (const [id, file] of usedIds(root)) {
    if (!(id in source)) problems.push(`${file}: uses ${id}, which is not in ${SOURCE_FILE}`);
  }
  return problems;
}
