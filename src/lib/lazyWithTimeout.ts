/** Spec §1: a script chunk that has not arrived after this long fails as a ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/**
 * Wraps a dynamic import so it settles within CHUNK_LOAD_TIMEOUT_MS: a chunk that is too slow, or
 * that fails to load at all, rejects with a ChunkLoadError the route error page can explain. A
 * real setTimeout on purpose, so the browser tests can fast-forward the clock.
 */
export function lazyWithTimeout<T>(
  importer: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadError(`Chunk did not load within ${timeoutMs} ms`));
      }, timeoutMs);
      importer().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('Chunk failed to load', { cause: error }));
        },
      );
    });
}
