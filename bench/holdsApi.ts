import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../contract/api/constants';
import { bookingApiPath } from '../contract/regions';
import { openDatabase } from '../server/db/database';
import { closedLoop } from './closedLoop';
import { KeepAliveConnection } from './keepAliveConnection';
import { oversoldSeats, prepareBenchDatabase, randomPair } from './holdsInventory';
import { startServerProcess } from './serverProcess';
import { percentile, round1 } from './stats';

/**
 * The same seat holds as bench/holds.ts, but as buyers make them: `POST /holds` over HTTP to the
 * server `npm start` runs (its own process, on the same PostgreSQL cluster, with as many
 * connections as the core's run has: DATABASE_POOL_SIZE), each buyer with their own session cookie, CSRF token and a fresh Idempotency-Key
 * per hold. So each hold also pays for HTTP, JSON, the session lookup, the key's claim and
 * stored answer. A buyer the arena's seat limit refuses (422) is replaced by a new one (a new
 * session, not timed): holds pile up as in an onsale, where buyers hold and go on to pay.
 *
 * On this machine the load generator, the API and PostgreSQL share two cores, so the figures say
 * what one API process costs per hold, not what a deployment with the database on its own
 * machine reaches; the budgets are on their ratios to the core's figures of the same run (issue
 * 26, bench/holds.ts), which the machine's load moves less than either.
 */
export interface HoldApiBenchOptions {
  clients?: number;
  durationMs?: number;
  warmupMs?: number;
  performances?: number;
  /**
   * The server's connections (DATABASE_POOL_SIZE), the core's pool by default: the same
   * database work per hold through as many connections, so the ratios compare the paths, not
   * two pool sizes on one machine's two cores.
   */
  poolSize?: number;
}

const REGION = 'us-east'; // the arena's

interface Buyer {
  cookie: string;
  csrf: string;
}

let buyers = 0;

/**
 * Each buyer from an address of their own, passed on by the trusted proxy the server is told of
 * (TRUST_PROXY below): an onsale's buyers, not one client the per-address limits would stop.
 */
async function newBuyer(base: string): Promise<Buyer> {
  buyers += 1;
  const address = `10.${(buyers >> 16) & 255}.${(buyers >> 8) & 255}.${buyers & 255}`;
  const response = await fetch(`${base}/services/session/sessions`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address },
  });
  if (!response.ok) throw new Error(`session: ${response.status}`);
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { cookie, csrf: csrfToken };
}

export async function benchHoldsApi(
  clusterUrl: string,
  options: HoldApiBenchOptions = {},
): Promise<Record<string, number>> {
  const clients = options.clients ?? 64;
  const window = { warmupMs: options.warmupMs ?? 1_000, durationMs: options.durationMs ?? 5_000 };
  const { url, inventory } = await prepareBenchDatabase(
    clusterUrl,
    'bench_holds_api',
    options.performances ?? 8,
  );
  // Plain holds: the arena's onsale queue (issue 16) is measured by bench/queue.ts.
  const server = await startServerProcess({
    DATABASE_URL: url,
    TRUST_PROXY: '127.0.0.1',
    ONSALE_QUEUES: 'off',
    ...(options.poolSize === undefined ? {} : { DATABASE_POOL_SIZE: String(options.poolSize) }),
  });
  const { hostname, port } = new URL(server.base);
  const connections: KeepAliveConnection[] = [];
  try {
    const path = `${bookingApiPath(REGION)}/holds`;
    const buyers = await Promise.all(Array.from({ length: clients }, () => newBuyer(server.base)));
    const slots = buyers.map((buyer) => {
      const connection = new KeepAliveConnection(hostname, Number(port));
      connections.push(connection);
      return { buyer, connection };
    });
    const hold = (slot: (typeof slots)[number], body: unknown) =>
      slot.connection.post(
        path,
        {
          cookie: slot.buyer.cookie,
          'x-csrf-token': slot.buyer.csrf,
          [IDEMPOTENCY_HEADER]: randomUUID(),
        },
        JSON.stringify(body),
      );

    // What the load generator itself spends per hold call (the sessions of buyers who replace
    // refused ones included), printed beside the figures: it runs on the API's two cores.
    const clientCpu = process.cpuUsage();
    let calls = 0;
    const won: string[] = [];
    const run = await closedLoop(slots, window, async (client) => {
      const request = randomPair(inventory);
      calls += 1;
      const response = await hold(client, request);
      const { code } = response.body as { code?: string };
      if (response.status === 201) {
        won.push(...request.seats.map((seat) => `${request.performanceId}/${seat}`));
        return 'won';
      }
      if (code === 'seats_unavailable') return 'lost';
      if (code !== 'seat_limit_exceeded') throw new Error(`hold: ${response.status} ${code}`);
      client.buyer = await newBuyer(server.base);
      return 'untimed';
    });
    const { user, system } = process.cpuUsage(clientCpu);
    const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
    const oversold = await oversoldSeats(db, inventory, won).finally(() => db.close());
    return {
      'hold.api.perSecond': Math.round(run.wonPerSecond),
      'hold.api.p50Ms': round1(percentile(run.latencies, 50)),
      'hold.api.p99Ms': round1(percentile(run.latencies, 99)),
      'hold.api.oversold': oversold,
      'hold.api.clientCpuMsPerCall': Math.round((user + system) / calls) / 1000,
      ...(options.poolSize === undefined ? {} : { 'hold.api.poolSize': options.poolSize }),
    };
  } finally {
    for (const connection of connections) connection.close();
    await server.stop();
  }
}
