import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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
