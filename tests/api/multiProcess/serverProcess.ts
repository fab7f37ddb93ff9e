import { startServer } from '../../../server/start';

/**
 * One of several real servers on one PostgreSQL (multiProcess.test.ts): every region, the
 * venues of MP_VENUES_DIR, its settings from the environment; it tells the parent its address
 * once it listens and stops gracefully on SIGTERM.
 */
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  databaseUrl: process.env.MP_DATABASE_URL,
  venuesDir: process.env.MP_VENUES_DIR || undefined,
  logLevel: 'warn',
});
process.on('SIGTERM', () => {
  void server.close().finally(() => process.exit(0));
});
process.send?.({ url: server.url });
