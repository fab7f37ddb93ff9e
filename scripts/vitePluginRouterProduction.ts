import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const ENTRIES: Record<string, string> = {
  'react-router': 'index.mjs',
  'react-router/dom': 'dom-export.mjs',
};

/**
 * React Router 7 ships a production build beside its development one, but its package exports
 * name only the development files (their dev-only warnings and checks stay in the bundle). A
 * build resolves both entries to the production files, as the library's own Vite plugin does
 * for framework apps; tests and `npm run dev` keep the development build and its warnings.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'stagedoor-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      const file = ENTRIES[id];
      return file === undefined ? undefined : join(dist, file);
    },
  };
}
