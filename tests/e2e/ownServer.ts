import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';

/**
 * A shop server of a journey's own, for a journey that needs settings the shared E2E server
 * (tests/e2e/globalSetup.ts) does not have: a short guest timeout, an onsale queue, pay methods
 * switched off. It serves the SPA the global set-up built, from a data directory of its own
 * that close() removes.
 */
export interface OwnServer {
  /** Where it listens, without a trailing slash. */
  base: string;
  close(): Promise<void>;
}

export interface OwnServerOptions {
  /** Names the temporary directory, so a leftover one says which journey left it. */
  name: string;
  /** Settings on top of this process's environment (ONSALE_QUEUES is off unless given). */
  env: Record<string, string>;
  /** Venues other than the repository's, made in the journey's work directory. */
  venues?: (workDir: string) => string;
}

export async function startOwnServer(options: OwnServerOptions): Promise<OwnServer> {
  const work = mkdtempSync(join(tmpdir(), `stagedoor-${options.name}-e2e-`));
  try {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: join(work, 'db'),
      staticDir: inject('e2eStaticDir'),
      venuesDir: options.venues?.(work),
      logLevel: 'warn',
      config: loadConfig({ ...process.env, ONSALE_QUEUES: 'off', ...options.env }),
    });
    return {
      base: server.url.replace(/\/$/, ''),
      close: async () => {
        await server.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
}
