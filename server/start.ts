import { fileURLToPath } from 'node:url';
import type { Region } from '../contract/regions';
import { loadVenues } from '../contract/venueFiles';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrate } from './db/migrate';
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
}

export interface RunningServer {
  url: string;
  db: Database;
  /** The outbox viewer's secret address (server/email/routes.ts); undefined when it is off. */
  outboxUrl?: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds the demo catalogue, builds the app and listens. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const venues = loadVenues(options.venuesDir ?? VENUES_DIR);
  const db = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await migrate(db);
    await seed(db, venues);
    const app = await buildApp({
      db,
      venues,
      config: options.config,
      regions: options.region ? [options.region] : undefined,
      staticDir: options.staticDir,
      logger: { level: options.logLevel ?? 'info', stream: options.logStream },
    });
    const host = options.host ?? '127.0.0.1';
    await app.listen({ port: options.port ?? 8080, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    let closing: Promise<void> | undefined;
    const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    return {
      url: `${origin}/`,
      db,
      outboxUrl: app.outboxViewerPath ? `${origin}${app.outboxViewerPath}` : undefined,
      close() {
        closing ??= app.close().finally(() => db.close());
        return closing;
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
