import type { OutputAsset, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136+): a script whose first line is this comment has all
 * its functions compiled eagerly, on the background thread that streams it in, instead of each
 * one lazily on the main thread at its first call. It is worth it only for code that runs as
 * soon as it has loaded; elsewhere it costs compile time and memory for nothing.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The seat map's first frame (issue 26): the canvas component and everything it runs to draw
 * the plan (the model, outlines, labels, seat layer, hit-testing). Under a phone's CPU a
 * quarter of the arena's first paint was V8 compiling these functions one by one as the mount
 * reached them. They share one chunk, loaded with the tickets page while the plan and its
 * status are on their way; every function in it runs when the map is first drawn, so the hint
 * asks for exactly the work that first frame would do later. Tests and test data stay out, and
 * so do the modules they import from elsewhere (the theme's contrast rules, React): those stay
 * in the chunks other pages load, which must not start loading the seat map.
 */
export const SEAT_MAP_CHUNK = {
  name: 'seatMap',
  includeDependenciesRecursively: false,
  test: (id: string) =>
    /\/src\/features\/seatSelection\/seatMap\/[^/]+\.tsx?$/.test(id) &&
    !/\.test\.tsx?$|\/testPlans\.ts$/.test(id),
};

/**
 * Puts the compile hint first in the named chunks. It is added once the chunk is minified (the
 * minifier drops comments), but before the build writes its brotli and gzip copies (the ones the
 * server sends); it goes into the chunk's hash so a cached copy without it is not reused, and
 * the chunk's source map moves one line down to match. A named chunk missing from the
 * build is an error: the hint would be lost without anyone noticing.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  const named = (chunk: { name: string }) => chunkNames.includes(chunk.name);
  return {
    name: 'stagedoor-compile-hints',
    apply: 'build',
    augmentChunkHash(chunk) {
      return named(chunk) ? COMPILE_HINT : undefined;
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const hinted = Object.values(bundle).filter(
          (output): output is OutputChunk => output.type === 'chunk' && named(output),
        );
        const missing = chunkNames.filter((name) => !hinted.some((chunk) => chunk.name === name));
        if (missing.length > 0) throw new Error(`compileHints: no chunk ${missing.join(', ')}`);
        for (const chunk of hinted) {
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          // One more line at the top: an empty first line in the mappings.
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`] as OutputAsset | undefined;
          if (map !== undefined) {
            const source = JSON.parse(String(map.source)) as { mappings: string };
            source.mappings = `;${source.mappings}`;
            map.source = JSON.stringify(source);
          }
        }
      },
    },
  };
}
