import type { OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * The entry (src/app/main.tsx) imports the app with a dynamic import, after public/boot.js has
 * checked the browser's features, so the browser would only discover the app's chunks once the
 * entry had downloaded and run: one more round trip before anything is painted (Lighthouse's
 * request chain on a phone). Announcing the app chunk and its static imports as modulepreload
 * links lets them download alongside the entry; they still run only when the entry imports them.
 */
export function preloadApp(appModule: string): Plugin {
  let base = '/';
  return {
    name: 'stagedoor-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk',
        );
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(appModule));
        if (!app) throw new Error(`preloadApp: no chunk for ${appModule}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const child of (bundle[fileName] as OutputChunk | undefined)?.imports ?? []) {
            visit(child);
          }
        };
        visit(app.fileName);
        // The entry has its own script tag already.
        const preloads = [...files].filter(
          (fileName) => !chunks.some((c) => c.isEntry && c.fileName === fileName),
        );
        return preloads.map((fileName): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${fileName}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
