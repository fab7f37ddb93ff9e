import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The server reads files beside its source at run time (server/db/migrations/*.sql, venues/,
 * locales/ through server/email/messages.ts), each found from its own module's
 * `import.meta.url`. Bundled into one folder, every module would see the bundle's address
 * instead. This gives each of the project's modules its source file's address again, relative
 * to the bundle (`new URL('../server/db/migrate.ts', import.meta.url)`), so the compiled server
 * reads the same files as `tsx` does, and the checkout can move as a whole. It holds because
 * every file the build writes lands in the output folder itself (vite.server.config.ts names
 * them flat). Packages stay in node_modules and keep their own addresses.
 */
export function sourceUrls(): Plugin {
  let root = '';
  let outDir = '';
  const inProject = (id: string) => id.startsWith(root) && !id.includes(`${sep}node_modules${sep}`);
  return {
    name: 'stagedoor-source-urls',
    apply: 'build',
    configResolved(config) {
      root = resolve(config.root) + sep;
      outDir = resolve(config.root, config.build.outDir);
    },
    transform(code, id) {
      if (!inProject(id) || !code.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outDir, id).split(sep).join('/');
      // On the same line, so the source map's lines stay right (map: null keeps the one before).
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { code: code.replaceAll('import.meta.url', url), map: null };
    },
  };
}
