import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sourceUrls } from './scripts/vitePluginSourceUrls.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The server as plain JavaScript for `npm start` (issue 26): one bundle of server/, contract/
 * and scripts/envDefaults.ts in dist-server/, its packages left to node_modules (PGlite finds
 * its WASM and data files there), so starting compiles no TypeScript. `npm run dev:server` keeps
 * running the sources under tsx.
 */
export default defineConfig({
  // No public/ or index.html: this build is the server alone.
  publicDir: false,
  plugins: [sourceUrls()],
  build: {
    ssr: here('./server/main.ts'),
    outDir: here('./dist-server'),
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    // Node reads the bundle as it is; names in stack traces stay readable without a map.
    minify: false,
    // Read by Node from disk: what it would weigh gzipped says nothing.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Flat, beside main.js: sourceUrls counts every module's address from this folder.
        entryFileNames: 'main.js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
