import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEnvDefaults } from '../scripts/envDefaults';
import { parsePort, parseRegion } from './config';
import { startServer } from './start';

/** `npm start` / `npm run serve`: one process serving the built SPA and the APIs. */
const root = fileURLToPath(new URL('..', import.meta.url));
// The environment wins, then .env, then .env.example: the same defaults the Vite build uses.
applyEnvDefaults(root);
const started = performance.now();
const server = await startServer({
  port: parsePort(process.env.PORT, 8080),
  host: process.env.HOST || '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: resolve(root, process.env.DATA_DIR || '.data'),
  region: parseRegion(process.env.REGION),
  logLevel: process.env.LOG_LEVEL || 'info',
  staticDir: resolve(root, process.env.STATIC_DIR || 'dist'),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Stagedoor is running at ${server.url} (started in ${seconds} s)`);
// The viewer's secret goes to the developer's terminal, never into a production log.
if (server.outboxUrl && (process.env.NODE_ENV !== 'production' || process.stdout.isTTY)) {
  console.log(`Emails the shop writes: ${server.outboxUrl} (this machine only)`);
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests and closing the database…`);
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    console.error('Shutdown failed', error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
