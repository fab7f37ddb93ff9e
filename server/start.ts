import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Region } from '../contract/regions';
import { loadVenues } from '../contract/venueFiles';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { Readiness } from './health/readiness';
import { createMetrics } from './http/metrics';
import { listenOperatorPort } from './operatorPort';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
import { loadCatalogue } from './catalogue/files/load';
import { seed } from './catalogue/seed/seed';
import type { LoggerSettings } from './http/logging';

export const VENUES_DIR = fileURLToPath(new URL('../venues/', import.meta.url));

export interface StartServerOptions {
  port?: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  staticDir?: string;
  region?: Region;
  logLevel?: string;
  /** Venue folders; the repository's venues/ by default. */
  venuesDir?: string;
  /** Log destination (tests); stdout by default. */
  logStream?: LoggerSettings['stream'];
  /** The configuration main.ts parsed; omitted, buildApp reads the environment. */
  config?: ServerConfig;
  /** How often the outbox is sent (15 s; the browser journeys wait on it less). */
  emailDispatchIntervalMs?: number;
}

export interface RunningServer {
  url: string;
  db: Database;
  /** The outbox viewer's secret address (server/email/routes.ts); undefined when it is off. */
  outboxUrl?: string;
  /** METRICS_PORT's address (/metrics, /ready); undefined without one. */
  operatorUrl?: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Reads the catalogue, opens the database, migrates, applies the catalogue, builds the app and listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const venues = loadVenues(options.venuesDir ?? VENUES_DIR);
  // An invalid catalogue stops the start here, naming each file, JSON path and problem (issue 25).
  const catalogue = loadCatalogue(venues);
  const config = options.config ?? loadConfig();
  const db = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    poolSize: config.databasePoolSize,
  });
  const host = options.host ?? '127.0.0.1';
  // Issue 25: not ready until migrated and loaded; METRICS_PORT already answers so meanwhile.
  const readiness = new Readiness(db);
  const metrics = createMetrics({ region: options.region ?? 'all' });
  const operator =
    config.metricsPort === undefined
      ? undefined
      : await listenOperatorPort({
          port: config.metricsPort,
          host: config.metricsHost ?? host,
          metrics,
          readiness,
          token: config.metricsToken,
        }).catch(async (error: unknown) => {
          await db.close();
          throw error;
        });
  try {
    await migrate(db);
    const logStream = options.logStream ?? process.stdout;
    await seed(db, venues, new Date(), {
      catalogue,
      log: (msg, detail) =>
        logStream.write(`${JSON.stringify({ level: 40, time: Date.now(), msg, ...detail })}\n`),
    });
    const app = await buildApp({
      db,
      venues,
      config,
      operator: { metrics, readiness },
      regions: options.region ? [options.region] : undefined,
      staticDir: options.staticDir,
      logger: { level: options.logLevel ?? 'info', stream: options.logStream },
      emailDispatchIntervalMs: options.emailDispatchIntervalMs,
    });
    await app.listen({ port: options.port ?? 8080, host });
    readiness.loaded();
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closing: Promise<void> | undefined;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return {
      url: `${origin}/`,
      db,
      outboxUrl: app.outboxViewerPath ? `${origin}${app.outboxViewerPath}` : undefined,
      operatorUrl: operator ? operatorOrigin(operator) : undefined,
      close() {
        closing ??= Promise.all([app.close(), operator?.close()])
          .then(() => undefined)
          .finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await operator?.close();
    await db.close();
    throw error;
  }
}

/** Where the operator's port listens, as a URL (an IPv6 address in brackets). */
function operatorOrigin(operator: { server: { address(): AddressInfo | string | null } }): string {
  const address = operator.server.address();
  if (!address || typeof address === 'string') return String(address);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/`;
}
