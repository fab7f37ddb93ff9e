import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The server reads files beside its source at run time (server/db/migrations/*.sql, venues/,
 * locales/ through server/email/messages.ts), each found from its own module's
 * `import.meta.url`. Bundled into one folder, every module would see the bundle's address
 * instead. This gives each of the project's modules its source file's address again, relative
 * to the bundle (`new URL('../server/db/migrate.ts', import.meta.url)`), so the compiled server
 * reads the same files as `tsx` does and the checkout can move as a whole. It holds because every
 * file the bundle writes lands in `outDir` itself (vite.server.config.ts names them flat).
 */
export function sourceUrls(root: string, outDir: string): Plugin {
  const prefix = resolve(root) + sep;
  const inProject = (id: string) =>
    id.startsWith(prefix) && !id.includes(`${sep}node_modules${sep}`);
  return {
    name: 'stagedoor-source-urls',
    apply: 'build',
    transform(code, id) {
      if (!inProject(id) || !code.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outDir, id).split(sep).join('/');
      // Same line, so the source map's lines stay right (map: null keeps the previous map).
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { code: code.replaceAll('import.meta.url', url), map: null };
    },
  };
}
