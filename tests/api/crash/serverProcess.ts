import { startServer } from '../../../server/start';

/**
 * The real server in a process of its own, for tests that kill it (crash.test.ts). It takes its
 * database from CRASH_DATABASE_URL or CRASH_DATA_DIR and its settings from the environment, tells
 * the parent its address once it listens, and runs the parent's SQL on its own database handle:
 * an embedded database is open in one process only, so that is how the test reads it live.
 */

interface QueryMessage {
  id: number;
  sql: string;
  params?: unknown[];
}

const send = (message: unknown) => process.send?.(message);

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: process.env.CRASH_DATABASE_URL || undefined,
  dataDir: process.env.CRASH_DATA_DIR,
  region: 'uk',
  logLevel: 'warn',
});

process.on('message', (message: QueryMessage) => {
  server.db.query(message.sql, message.params).then(
    ({ rows }) => send({ id: message.id, rows }),
    (error: unknown) => send({ id: message.id, error: String(error) }),
  );
});
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
send({ url: server.url });
