// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../scripts/vitePluginCompileHints';

/**
 * The seat map's chunk is shipped with V8's compile hint as its first line (issue 26). The hint
 * counts only at the very top of the file, the minifier drops comments, and the server sends the
 * brotli copy: a build that loses it anywhere on the way loses it silently, so this builds a
 * small app the way vite.config.ts does and reads what would be sent.
 */

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function buildApp(plugins: Plugin[]) {
  dir = mkdtempSync(join(tmpdir(), 'compile-hints-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><script type="module" src="./main.js"></script>',
  );
  writeFileSync(join(dir, 'main.js'), 'import("./page.js").then((page) => page.show());');
  writeFileSync(
    join(dir, 'page.js'),
    'import { draw } from "./map.js";\nexport function show() { document.body.append(draw(2)); }',
  );
  writeFileSync(
    join(dir, 'map.js'),
    'export function draw(n) {\n  // drawn\n  return String(n * 2);\n}',
  );
  await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    plugins,
    build: {
      outDir: join(dir, 'dist'),
      sourcemap: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'map', test: (id: string) => id.endsWith('/map.js') }],
          },
        },
      },
    },
  });
  const assets = join(dir, 'dist/assets');
  const files = readdirSync(assets);
  const read = (prefix: string, ext = '.js') =>
    readFileSync(
      join(
        assets,
        files.find((f) => f.startsWith(prefix) && f.endsWith(ext))!,
      ),
    );
  return { read };
}

describe('compileHints', () => {
  it('puts the hint first in the named chunk, in the brotli copy the server sends too, and in no other chunk', async () => {
    const { read } = await buildApp([
      compileHints(['map']),
      compression({ algorithms: ['brotliCompress'], skipIfLargerOrEqual: false }),
    ]);
    const map = read('map-').toString();
    expect(map.startsWith(`${COMPILE_HINT}\n`)).toBe(true);
    expect(map).toContain('function');
    expect(brotliDecompressSync(read('map-', '.js.br')).toString()).toBe(map);
    expect(read('page-').toString()).not.toContain(COMPILE_HINT);
    expect(read('index-').toString()).not.toContain(COMPILE_HINT);
    // The source map still points the chunk's code at map.js, one line further down.
    const sourceMap = JSON.parse(read('map-', '.js.map').toString()) as { mappings: string };
    expect(sourceMap.mappings.startsWith(';')).toBe(true);
  });

  it('fails the build when the named chunk is not in it', async () => {
    await expect(buildApp([compileHints(['seatMap'])])).rejects.toThrow(
      'compileHints: no chunk seatMap',
    );
  });
});
