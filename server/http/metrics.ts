import { createHash, timingSafeEqual } from 'node:crypto';
import type {
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  preSerializationAsyncHookHandler,
} from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_ERROR_CODES } from '../../contract/api/errorCodes';
import { PAY_METHODS } from '../../contract/api/paymentMethodKinds';
import type { Database } from '../db/database';
import { errorBody } from './errors';

/**
 * The operator's numbers (issue 25), in Prometheus' text format at GET /metrics. One registry
 * per app (tests build several apps in one process; the global default registry would mix
 * them), made here and handed to the routes as `app.metrics`. Every series is labelled by
 * region; no label ever carries an id, an address or anything else a buyer sends unchecked, so
 * the number of series stays that of regions × reasons × methods (docs/operations.md).
 */

/** Where a process-wide number (the outbox, the pool) belongs: its REGION, or all of them. */
export type RegionLabel = string;

/** An answer of a counted route, as the buyer got it. */
export interface Answer {
  status: number;
  /** The error body's code (bounded by API_ERROR_CODES), or undefined for a success. */
  code?: string;
  /** The body's `outcome` (pay answers), when it has one. */
  outcome?: string;
  /** Whether the answer names a payment (a pay answer's paymentId). */
  payment: boolean;
  seconds: number;
}

/** One database read per scrape (outbox, queues): it fails or hangs alone, never the scrape. */
const COLLECT_TIMEOUT_MS = 5_000;

const ERROR_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);
const METHODS: ReadonlySet<string> = new Set(PAY_METHODS);

/** A code from our own error bodies; anything else (it cannot be, but a label must be bounded). */
const boundedCode = (code: unknown) =>
  typeof code === 'string' && ERROR_CODES.has(code) ? code : 'other';

export function createMetrics(options: { region: RegionLabel }) {
  const registry = new Registry();
  // Process numbers (CPU, memory, event-loop lag, GC) under their usual names.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const holdsMade = new Counter({
    name: 'stagedoor_holds_made_total',
    help: 'Holds made (POST /holds and /holds/best-available answered 2xx).',
    labelNames: ['region'] as const,
    registers,
  });
  const holdsRefused = new Counter({
    name: 'stagedoor_holds_refused_total',
    help: 'Hold requests refused, by the error code the buyer got (seats_unavailable, seat_limit_exceeded, queue_pass_required, ...).',
    labelNames: ['region', 'reason'] as const,
    registers,
  });
  const holdSeconds = new Histogram({
    name: 'stagedoor_hold_duration_seconds',
    help: 'Time to answer a hold request, made or refused.',
    labelNames: ['region', 'outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const orders = new Counter({
    name: 'stagedoor_orders_total',
    help: 'Pay requests that ended: confirmed, declined, timed_out, hold_lost, or the refusal code (price_changed, details_incomplete, ...). action_required is not an end; its continuation is counted when it ends.',
    labelNames: ['region', 'outcome'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'stagedoor_payments_total',
    help: 'Answers of the payment provider to a pay request or a 3-D Secure/PayPal continuation, by method and outcome.',
    labelNames: ['region', 'method', 'outcome'] as const,
    registers,
  });
  const paymentSeconds = new Histogram({
    name: 'stagedoor_payment_duration_seconds',
    help: 'Time to answer a pay request (step="pay") or a continuation (step="continue") that reached the payment provider.',
    labelNames: ['region', 'method', 'step'] as const,
    // The provider's own time limit is 30 s (PAYMENT_PROVIDER_TIMEOUT_MS).
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
    registers,
  });

  // Read at scrape time from the database (app.ts wires the reads).
  const outboxUnsent = new Gauge({
    name: 'stagedoor_email_outbox_unsent',
    help: 'Emails written but not sent yet that the dispatcher will still try.',
    labelNames: ['region'] as const,
    registers,
  });
  const outboxOldest = new Gauge({
    name: 'stagedoor_email_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest email the dispatcher will still try (0 when none waits).',
    labelNames: ['region'] as const,
    registers,
  });
  const outboxGivenUp = new Gauge({
    name: 'stagedoor_email_outbox_given_up',
    help: 'Emails left unsent after every attempt (their last_error says why): an operator must look.',
    labelNames: ['region'] as const,
    registers,
  });
  const queueWaiting = new Gauge({
    name: 'stagedoor_queue_waiting',
    help: 'Buyers waiting in an onsale queue (before the opening: in its pre-queue).',
    labelNames: ['region', 'sale'] as const,
    registers,
  });
  const queueLetThrough = new Gauge({
    name: 'stagedoor_queue_let_through',
    help: 'Buyers an onsale queue has let through to the seats since its opening.',
    labelNames: ['region', 'sale'] as const,
    registers,
  });
  const dbConnections = new Gauge({
    name: 'stagedoor_db_connections',
    help: 'Database connections by state (in_use, idle), and the most there may be (max). PGlite has one.',
    labelNames: ['region', 'driver', 'state'] as const,
    registers,
  });
  const dbWaiting = new Gauge({
    name: 'stagedoor_db_waiting_calls',
    help: 'Database calls queued for a connection.',
    labelNames: ['region', 'driver'] as const,
    registers,
  });
  const collectFailures = new Counter({
    name: 'stagedoor_metrics_collect_failures_total',
    help: 'Scrape-time database reads that failed or took over 5 s (their gauges are left out of that scrape).',
    labelNames: ['region', 'collector'] as const,
    registers,
  });

  const collectors: { name: string; gauges: Gauge[]; read: () => Promise<void> }[] = [];

  /** Runs a read with the time limit; on failure its gauges are dropped, never left stale. */
  const collect = async (collector: (typeof collectors)[number]) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        collector.read(),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new Error('timed out')), COLLECT_TIMEOUT_MS);
        }),
      ]);
    } catch {
      for (const gauge of collector.gauges) gauge.reset();
      collectFailures.inc({ region: options.region, collector: collector.name });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    registry,
    region: options.region,

    /** A hold request's answer: made, or refused and why. */
    holdAnswered(region: string, answer: Answer): void {
      const made = answer.status < 300;
      if (made) holdsMade.inc({ region });
      else holdsRefused.inc({ region, reason: boundedCode(answer.code) });
      holdSeconds.observe({ region, outcome: made ? 'made' : 'refused' }, answer.seconds);
    },

    /**
     * A pay request's (step "pay") or continuation's answer. `method` is what the buyer chose
     * (checked here against PAY_METHODS: it may come from a body that failed validation).
     */
    payAnswered(region: string, step: 'pay' | 'continue', method: unknown, answer: Answer): void {
      const outcome = answer.outcome ?? boundedCode(answer.code);
      if (outcome !== 'action_required') orders.inc({ region, outcome });
      if (!answer.payment || answer.outcome === undefined) return;
      const label = typeof method === 'string' && METHODS.has(method) ? method : 'other';
      payments.inc({ region, method: label, outcome });
      paymentSeconds.observe({ region, method: label, step }, answer.seconds);
    },

    outbox: { unsent: outboxUnsent, oldestSeconds: outboxOldest, givenUp: outboxGivenUp },
    queue: { waiting: queueWaiting, letThrough: queueLetThrough },

    /** A database read run before every scrape to set `gauges` (app.ts wires them). */
    onScrape(name: string, gauges: Gauge[], read: () => Promise<void>): void {
      collectors.push({ name, gauges, read });
    },

    /** The connections of `db`, read at every scrape. */
    watchConnections(db: Database): void {
      collectors.push({
        name: 'connections',
        gauges: [dbConnections, dbWaiting],
        read: () => {
          const use = db.connections();
          const labels = { region: options.region, driver: db.driver };
          dbConnections.set({ ...labels, state: 'in_use' }, use.open - use.idle);
          dbConnections.set({ ...labels, state: 'idle' }, use.idle);
          dbConnections.set({ ...labels, state: 'max' }, use.max);
          dbWaiting.set(labels, use.waiting);
          return Promise.resolve();
        },
      });
    },

    /** The text Prometheus reads: every scrape-time read first, each on its own. */
    async scrape(): Promise<string> {
      await Promise.all(collectors.map(collect));
      return registry.metrics();
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics (server/http/metrics.ts); routes count their answers into it. */
    metrics: Metrics;
  }
}

/** What an answer's body says, read without trusting its shape. */
function answerOf(reply: FastifyReply, payload: unknown): Answer {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  return {
    status: reply.statusCode,
    code: reply.statusCode >= 400 ? boundedCode(body.code) : undefined,
    outcome: typeof body.outcome === 'string' ? body.outcome : undefined,
    payment: typeof body.paymentId === 'string',
    seconds: reply.elapsedTime / 1000,
  };
}

/**
 * A route's preSerialization hook that hands every answer it gives (success, refusal, failed
 * validation or session check alike) to `count`: the one seam where routes are counted, so
 * nothing deep in the domain knows about metrics. A count that throws never fails the answer.
 */
export function countAnswers(
  count: (answer: Answer, request: FastifyRequest) => void | Promise<void>,
): preSerializationAsyncHookHandler {
  return async (request, reply, payload) => {
    try {
      await count(answerOf(reply, payload), request);
    } catch (error) {
      request.log.warn({ err: error }, 'counting an answer failed');
    }
    return payload;
  };
}

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  // Hashed first so the comparison takes the same time whatever the lengths.
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

export interface MetricsRouteOptions {
  metrics: Metrics;
  /** METRICS_TOKEN; unset, /metrics is not served (404, like any unknown path). */
  token?: string;
}

/**
 * GET /metrics for Prometheus, only with `Authorization: Bearer <METRICS_TOKEN>`: without a
 * configured token it is a 404 (not even the SPA's page), and a missing or wrong token is 401.
 */
export const metricsRoute: FastifyPluginCallback<MetricsRouteOptions> = (
  app,
  { metrics, token },
  done,
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) {
      return reply.status(404).send(errorBody('not_found', 'No such page or endpoint.'));
    }
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('unauthorised', 'The metrics need their bearer token.'));
    }
    return reply.type(metrics.registry.contentType).send(await metrics.scrape());
  });
  done();
};
