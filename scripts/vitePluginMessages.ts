import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { splitSource } from './firstRouteMessages.ts';
import { readCatalogue, SOURCE_FILE } from './messageCatalogue.ts';

/** A catalogue layer: the en-GB source, a locale, a brand group or a venue group. */
const CATALOGUE = /\/(locales\/.+|venues\/[^/]+\/messages\/[^/]+)\.json$/;

/** Each message as the AST react-intl would otherwise parse in the browser on first use. */
export function compileCatalogue(
  messages: Record<string, string>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));
}

/**
 * Production builds ship the message catalogues already parsed (formatjs AST) and swap the ICU
 * parser for its `no-parser` entry, which keeps the types and guards intl-messageformat needs
 * but not the parser itself: ~8 kB gzip off the first route (issue 13). The dev server and the
 * unit tests keep text catalogues and the full parser, so a writer's edit shows at once and
 * tests read copy as text; src/i18n/catalogue.test.ts proves every message parses.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'stagedoor-compiled-messages',
    apply: 'build',
    enforce: 'pre',
    config() {
      return {
        resolve: {
          alias: [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: fileURLToPath(
                import.meta.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
              ),
            },
          ],
        },
      };
    },
    transform(code, id) {
      const path = id.split('?')[0]!;
      if (!CATALOGUE.test(path)) return undefined;
      return {
        code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)),
        map: null,
      };
    },
  };
}

const FIRST_ROUTE_ID = 'virtual:stagedoor/messages-first-route';
const REST_ID = 'virtual:stagedoor/messages-other-pages';

/**
 * The en-GB source as two modules (src/i18n/sourceCatalogue.ts): the first route's messages and
 * the rest, ~1.6 of ~11 kB gzip in the first chunk (issue 13). Builds split and compile them;
 * the dev server and the unit tests put the whole text in the first module and leave the rest
 * empty, so an edit to any page's copy shows at once and every test renders complete text.
 */
export function splitSourceCatalogue(root: string): Plugin {
  let building = false;
  return {
    name: 'stagedoor-split-source-catalogue',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === FIRST_ROUTE_ID || id === REST_ID ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== `\0${FIRST_ROUTE_ID}` && id !== `\0${REST_ID}`) return undefined;
      const file = join(root, SOURCE_FILE);
      this.addWatchFile(file);
      const source = readCatalogue(file);
      const first = id === `\0${FIRST_ROUTE_ID}`;
      if (!building) return `export default ${JSON.stringify(first ? source : {})};`;
      const { firstRoute, rest } = splitSource(root, source);
      return `export default ${JSON.stringify(compileCatalogue(first ? firstRoute : rest))};`;
    },
  };
}
