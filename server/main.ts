import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEnvDefaults } from '../scripts/envDefaults';
import { loadConfig } from './config';
import { startServer } from './start';

/** `npm start` / `npm run serve`: one process serving the built SPA and the APIs. */
const root = fileURLToPath(new URL('..', import.meta.url));
// The environment wins, then .env, then .env.example: the same defaults the Vite build uses.
applyEnvDefaults(root);
const started = performance.now();
// Read and checked once; everything below gets its settings from here.
const config = loadConfig(process.env);
const server = await startServer({
  config,
  port: config.port,
  host: config.host,
  databaseUrl: config.databaseUrl,
  dataDir: resolve(root, config.dataDir),
  region: config.region,
  logLevel: config.logLevel,
  staticDir: resolve(root, config.staticDir),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`Stagedoor is running at ${server.url} (started in ${seconds} s)`);
if (server.operatorUrl) console.log(`Metrics and readiness (METRICS_PORT): ${server.operatorUrl}`);
// The viewer's secret goes to the developer's terminal, never into a production log.
if (server.outboxUrl && (!config.production || process.stdout.isTTY)) {
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
