import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { REGIONS, bookingApiPath, type Region } from '../contract/regions';
import type { VenueBundle } from '../contract/venueFiles';
import {
  loadConfig,
  outboxViewerEnabled,
  type PaymentSweepSettings,
  type SecurityConfig,
  type ServerConfig,
  type TrustProxy,
} from './config';
import type { Database } from './db/database';
import { emailJobs } from './email/jobs';
import { createSmtpTransport } from './email/smtpTransport';
import type { MailTransport } from './email/transport';
import { registerBuyerSessions } from './http/buyerSession';
import { registerCompression } from './http/compression';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  watchDatabase,
} from './http/errors';
import { registerIdempotency } from './http/idempotentRoute';
import { loggerOptions, requestLogs, type LoggerSettings } from './http/logging';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { runPeriodically, type PeriodicJob } from './http/periodicJob';
import { zodSchemaController } from './http/zodSchemas';
import { checkPaymentConfig, type PaymentConfig } from './payments/config';
import { createPaymentService } from './payments/setup';
import { basketRoutes } from './basket/routes';
import { contentRoutes } from './catalogue/routes';
import { detailsRoutes } from './details/routes';
import { detailsJobs } from './details/jobs';
import type { GraphqlSettings } from './calendar/settings';
import { graphqlRoutes } from './calendar/routes';
import { healthRoute, readyRoute } from './health/routes';
import { Readiness } from './health/readiness';
import { createMetrics, metricsRoute, type Metrics } from './http/metrics';
import { outboxBacklog } from './email';
import { confirmationAttachments, walletCertificates } from './orders';
import { ServerKeys } from './lib/serverKeys';
import { holdRoutes } from './holds/routes';
import { holdJobs } from './holds/jobs';
import { paymentMethodRoutes } from './vouchers/routes';
import { DEFAULT_VOUCHER_THROTTLE, type VoucherThrottleSettings } from './vouchers/throttle';
import { orderRoutes } from './orders/routes';
import { listenOrigin, orderContext } from './orders/context';
import { orderJobs } from './orders/jobs';
import type { FindTicketsLimits } from './orders/findTickets';
import type { AccountRoutesSettings } from './members/accountRoutes';
import type { AddressLookupRoutesOptions } from './addressLookup/routes';
import { newOutboxSecret, outboxViewerPath } from './email/routes';
import type { SessionRoutesOptions } from './http/sessionRoutes';
import { serviceRoutes } from './services';
import { queueRoutes } from './queue/routes';
import { queueJobs } from './queue/jobs';
import { OnsaleQueue } from './queue/queue';
import type { OnsaleQueueSettings } from './queue/settings';
import { regionContext } from './regionContext';

/** No request of the booking API or services needs more; larger bodies get 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const OPENAPI_PATH = '/api/openapi.json';

export interface BuildAppOptions {
  db: Database;
  venues: VenueBundle[];
  /**
   * The configuration parsed once at start (main.ts); omitted (tests), loadConfig reads the
   * environment here. The options below override parts of it.
   */
  config?: ServerConfig;
  /** Regions to mount; every region by default (`npm start`), one in production (REGION). */
  regions?: readonly Region[];
  /** The built SPA (dist/); omitted, only the APIs are served. */
  staticDir?: string;
  logger?: LoggerSettings | false;
  /** CSP origins; read from the environment when omitted. */
  security?: SecurityConfig;
  /** Payment service settings over those of the environment (tests shorten the time limit). */
  payment?: Partial<PaymentConfig>;
  /**
   * Sends the email outbox; omitted, the SMTP transport when SMTP_URL is set, else emails stay
   * in the outbox (server/email/transport.ts).
   */
  mailTransport?: MailTransport;
  /** Address lookup provider and rate limit over those of the environment (tests). */
  addressLookup?: Partial<Omit<AddressLookupRoutesOptions, 'db'>>;
  /** Orders settings; unset, TICKET_SIGNING_KEY and the payment sweep's from the environment. */
  orders?: { ticketSigningKey?: string; sweep?: Partial<PaymentSweepSettings> };
  /** Customer-accounts settings (tests change the sign-up rate limit). */
  accounts?: Partial<AccountRoutesSettings>;
  /** Calendar rate limit and ad-hoc queries over those of the environment (tests). */
  graphql?: Partial<GraphqlSettings>;
  /** The reverse proxies whose forwarded headers are believed; TRUST_PROXY when omitted. */
  trustProxy?: TrustProxy;
  /** New sessions per client address and the guest time-out; their variables when omitted. */
  session?: Partial<Omit<SessionRoutesOptions, 'db'>>;
  /** What one client address may hold per performance, in selection limits; CLIENT_HOLD_FACTOR. */
  clientHoldFactor?: number;
  /** Onsale queue settings over those of the environment (tests turn queues on). */
  onsaleQueues?: Partial<OnsaleQueueSettings>;
  /** Limits on guessing gift voucher numbers and codes (tests lower them). */
  voucherThrottle?: Partial<VoucherThrottleSettings>;
  /** Issue 25: the operator's view. Start-up passes its own; omitted, the app makes them. */
  operator?: {
    metrics?: Metrics;
    /** Omitted: ready, since buildApp runs once the database is migrated and loaded. */
    readiness?: Readiness;
    /** Over METRICS_TOKEN (tests). */
    metricsToken?: string;
  };
  /** Find my tickets' limits per client, email and order (tests lower them). */
  findTickets?: Partial<FindTicketsLimits>;
  /** How often the outbox is sent (15 s; the browser journeys wait on it less). */
  emailDispatchIntervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox viewer's secret address (server/email/routes.ts); null when it is off. */
    outboxViewerPath: string | null;
  }
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, venues, regions = REGIONS } = options;
  const config = options.config ?? loadConfig();
  const trustProxy = options.trustProxy ?? config.trustProxy;
  const clientHoldFactor = options.clientHoldFactor ?? config.clientHoldFactor;
  const outboxSecret = outboxViewerEnabled(config, trustProxy) ? newOutboxSecret() : undefined;
  // Made before anything else, so a venue without a sender stops the start here (issue 25).
  const smtp =
    options.mailTransport || !config.smtp
      ? undefined
      : createSmtpTransport(
          config.smtp,
          venues.map((venue) => venue.settings),
        );
  const mailTransport = options.mailTransport ?? smtp;
  const app = Fastify({
    // request.ip and request.protocol follow X-Forwarded-* only from these proxies.
    trustProxy,
    logger: loggerOptions(options.logger),
    // Request lines, but none for each request of a client a limit refuses (issue 26).
    logController: requestLogs(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Slugs may be 255 characters (spec §2); longer ones reach validation and get a 400.
    routerOptions: { maxParamLength: 512 },
    // Graceful shutdown: stop accepting, let in-flight requests finish, then close.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Requests Node refuses before routing (headers over 16 KB) get the project's error body too.
    clientErrorHandler,
    frameworkErrors,
    schemaController: zodSchemaController,
  });
  if (smtp) {
    app.addHook('onClose', (_instance, done) => {
      smtp.close();
      done();
    });
  }
  registerErrorHandling(app);
  watchDatabase(app, db);
  // Issue 25: one registry per app; process-wide numbers carry the one region served, or `all`.
  const metrics =
    options.operator?.metrics ??
    createMetrics({ region: regions.length === 1 ? regions[0]! : 'all' });
  app.decorate('metrics', metrics);
  metrics.watchConnections(db);
  metrics.onScrape('email_outbox', Object.values(metrics.outbox), async () => {
    const backlog = await outboxBacklog(db);
    metrics.outbox.unsent.set({ region: metrics.region }, backlog.unsent);
    metrics.outbox.oldestSeconds.set({ region: metrics.region }, backlog.oldestUnsentSeconds);
    metrics.outbox.givenUp.set({ region: metrics.region }, backlog.givenUp);
  });
  // Session authentication and Idempotency-Keys for every route: `app.buyer`, `app.onceForKey`.
  await registerBuyerSessions(app, db);
  registerIdempotency(app, db);
  // Every API speaks JSON; a text body is refused (415) rather than parsed into a string.
  app.removeContentTypeParser('text/plain');
  registerSecurityHeaders(app, options.security ?? config.security);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Stagedoor booking API',
        description: 'Regional booking APIs (/api/<region>) and services (/services/<name>).',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, (_request, reply) => reply.send(app.swagger()));

  // One payment service for the process: the browser reaches it under /services/payment, the
  // booking APIs through `app.payments`.
  const paymentConfig = checkPaymentConfig({ ...config.payment, ...options.payment });
  const payments = createPaymentService(db, paymentConfig);
  app.decorate('payments', payments);

  const graphql = { ...config.graphql, ...options.graphql };
  const queueSettings = { ...config.onsaleQueues, ...options.onsaleQueues };
  const voucherThrottle = { ...DEFAULT_VOUCHER_THROTTLE, ...options.voucherThrottle };
  // Issue 25: who signs wallet passes, for the download routes and the confirmation email.
  const wallet = walletCertificates(new ServerKeys(db), config.wallet);
  // Every periodic job of the app, started here once the routes are in (issue 23).
  const jobs: PeriodicJob[] = [];
  for (const region of regions) {
    // Built once per region: its venues, their hold policies and its performance cache.
    const context = regionContext(region, venues, clientHoldFactor);
    // The region's onsale queues: their state is in the database, shared by every process.
    const queue = await OnsaleQueue.open(db, context.venues, queueSettings);
    const orders = orderContext({
      db,
      context,
      payments,
      shopOrigins: paymentConfig.shopOrigins,
      listenAddress: () => app.server.address(),
      ticketSigningKey: options.orders?.ticketSigningKey ?? config.ticketSigningKey,
      wallet,
    });
    metrics.onScrape(`queue_${region}`, Object.values(metrics.queue), async () => {
      for (const sale of await queue.standing()) {
        metrics.queue.waiting.set({ region, sale: sale.saleId }, sale.waiting);
        metrics.queue.letThrough.set({ region, sale: sale.saleId }, sale.letThrough);
      }
    });
    const sweep = { ...config.paymentSweep, ...options.orders?.sweep };
    jobs.push(
      ...queueJobs(queue, queueSettings),
      ...holdJobs(db, region),
      ...orderJobs(orders, region, payments, sweep),
      ...detailsJobs(db),
    );
    await app.register(
      async (scope) => {
        await scope.register(healthRoute, { db, region });
        await scope.register(contentRoutes, { db, context });
        await scope.register(queueRoutes, { db, context, queue, settings: queueSettings });
        await scope.register(holdRoutes, { db, context, queue });
        await scope.register(basketRoutes, { db, context });
        await scope.register(orderRoutes, { db, context, orders });
        await scope.register(detailsRoutes, { db, context });
        await scope.register(paymentMethodRoutes, {
          db,
          context,
          payments,
          throttle: voucherThrottle,
        });
        await scope.register(graphqlRoutes, {
          db,
          context,
          settings: graphql,
          voucherThrottle,
        });
      },
      { prefix: bookingApiPath(region) },
    );
  }
  await app.register(serviceRoutes, {
    db,
    payment: { payments, config: paymentConfig },
    venues,
    // The same origin as the order links: configured, else where this server listens.
    linkOrigin: () => paymentConfig.shopOrigins[0] ?? listenOrigin(app.server.address()),
    accounts: options.accounts,
    addressLookup: { ...config.addressLookup, ...options.addressLookup },
    session: {
      rateLimit: options.session?.rateLimit ?? config.sessionRateLimit,
      guestIdleSeconds: options.session?.guestIdleSeconds ?? config.guestIdleSeconds,
    },
    outboxSecret,
    findTickets: options.findTickets,
  });
  app.decorate('outboxViewerPath', outboxSecret ? outboxViewerPath(outboxSecret) : null);
  if (mailTransport) {
    jobs.push(
      ...emailJobs(
        db,
        mailTransport,
        confirmationAttachments({ db, venues, wallet }),
        options.emailDispatchIntervalMs,
      ),
    );
  }
  // GET /ready and, with METRICS_TOKEN and no METRICS_PORT of its own, GET /metrics (issue 25).
  const readiness = options.operator?.readiness ?? new Readiness(db);
  if (!options.operator?.readiness) readiness.loaded();
  await app.register(readyRoute, { readiness });
  await app.register(metricsRoute, {
    metrics,
    token:
      config.metricsPort === undefined
        ? (options.operator?.metricsToken ?? config.metricsToken)
        : undefined,
  });
  for (const job of jobs) runPeriodically(app, job);
  await registerSpa(app, options.staticDir);
  return app;
}
