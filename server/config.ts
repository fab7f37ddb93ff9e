import { isIP } from 'node:net';
import { z } from 'zod';
import { GUEST_IDLE_MIN_SECONDS, GUEST_IDLE_MINUTES } from '../contract/api/constants';
import { PAYMENT_WINDOW_MINUTES } from '../contract/api/orders';
import { REGIONS, type Region } from '../contract/regions';
import { addressLookupProviderFromEnv, addressLookupRateLimitFromEnv } from './addressLookup/setup';
import type { AddressLookupProvider } from './addressLookup/provider';
import { graphqlSettingsFromEnv, type GraphqlSettings } from './calendar/settings';
import { smtpSettingsFromEnv, type SmtpSettings } from './email/smtpSettings';
import {
  walletSettingsFromEnv,
  type WalletCertificates,
} from './orders/ticketFiles/walletSettings';
import { paymentConfigFromEnv, type PaymentConfig } from './payments/config';
import { onsaleQueueSettingsFromEnv, type OnsaleQueueSettings } from './queue/settings';
import type { RateLimit } from './http/rateLimit';

/** Same default as .env.example, so a clone without .env gets the same CSP as one with it. */
export const DEFAULT_POLYFILL_URL =
  'https://cdnjs.cloudflare.com/polyfill/v3/polyfill.min.js?features=default,fetch,Intl,URLSearchParams';

function originOf(url: string | undefined, variable: string): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:') throw new Error(protocol);
    return origin;
  } catch {
    throw new Error(`${variable} must be an http(s) URL, got "${url}"`);
  }
}

export interface SecurityConfig {
  /** Origin allowed to serve the polyfill script (spec §1). */
  polyfillOrigin?: string;
  /** Payment service origin when it is hosted elsewhere. */
  paymentOrigin?: string;
}

function securityConfigFromEnv(env: NodeJS.ProcessEnv): SecurityConfig {
  return {
    polyfillOrigin: originOf(env.VITE_POLYFILL_URL || DEFAULT_POLYFILL_URL, 'VITE_POLYFILL_URL'),
    paymentOrigin: originOf(env.PAYMENT_ORIGIN || undefined, 'PAYMENT_ORIGIN'),
  };
}

export function parseRegion(value: string | undefined): Region | undefined {
  if (!value) return undefined;
  if (!(REGIONS as readonly string[]).includes(value)) {
    throw new Error(`REGION must be one of ${REGIONS.join(', ')}, got "${value}"`);
  }
  return value as Region;
}

export function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`PORT must be 0–65535, got "${value}"`);
  return port;
}

/** The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed; false = none. */
export type TrustProxy = false | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: the addresses or CIDR ranges of the reverse proxies in front of the server,
 * comma-separated (also loopback, linklocal, uniquelocal). A hop count is refused: Fastify
 * cannot check the socket's peer against a count, so it trusts no header at all with one.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must list the proxies' addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8), ` +
        `got "${wrong.join('", "')}"`,
    );
  }
  return entries;
}

/**
 * What all the sessions of one client address may hold on one performance, in multiples of the
 * venue's per-session limit: a family, or a few households behind one router or venue Wi-Fi
 * buying for the same night, stays well under it; one address holding a house does not.
 */
export const DEFAULT_CLIENT_HOLD_FACTOR = 4;

function parseClientHoldFactor(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_CLIENT_HOLD_FACTOR;
  const factor = Number(value);
  if (!Number.isInteger(factor) || factor < 0) {
    throw new Error(`CLIENT_HOLD_FACTOR must be a whole number (0 = no cap), got "${value}"`);
  }
  return factor;
}

/**
 * New sessions per client address in 10 minutes. A buyer needs one per browser; a theatre's
 * worth of buyers on one venue Wi-Fi or a household router stays far below it, while a script
 * making a session per hold to get round the selection limit is stopped early.
 */
export const DEFAULT_SESSION_RATE_LIMIT: RateLimit = { max: 60, windowSeconds: 600 };

function parseSessionRateLimit(value: string | undefined): RateLimit {
  if (value === undefined || value === '') return DEFAULT_SESSION_RATE_LIMIT;
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1) {
    throw new Error(`SESSION_RATE_LIMIT must be a positive whole number, got "${value}"`);
  }
  return { ...DEFAULT_SESSION_RATE_LIMIT, max };
}

/** How often each region gives back the places of expired holds and reconciles payments. */
export const SWEEP_INTERVAL_MS = 30_000;

export interface PaymentSweepSettings {
  /** How often the payment reconciliation runs; 0 turns it off (tests drive it themselves). */
  intervalMs: number;
  /** How long an attempt may wait for its buyer at a 3-D Secure step before it is given up. */
  threeDsAbandonedAfterS: number;
}

function wholeNumber(value: string | undefined, fallback: number, variable: string, min: number) {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) {
    throw new Error(`${variable} must be a whole number of at least ${min}, got "${value}"`);
  }
  return number;
}

/**
 * PAYMENT_RECONCILE_INTERVAL_MS (the hold sweep's period by default) and
 * PAYMENT_3DS_ABANDONED_AFTER_S (the payment window: as long as the hold is kept for a buyer at
 * a 3-D Secure step, and as long as the sandbox keeps a step open).
 */
function paymentSweepFromEnv(env: NodeJS.ProcessEnv): PaymentSweepSettings {
  return {
    intervalMs: wholeNumber(
      env.PAYMENT_RECONCILE_INTERVAL_MS,
      SWEEP_INTERVAL_MS,
      'PAYMENT_RECONCILE_INTERVAL_MS',
      0,
    ),
    threeDsAbandonedAfterS: wholeNumber(
      env.PAYMENT_3DS_ABANDONED_AFTER_S,
      PAYMENT_WINDOW_MINUTES * 60,
      'PAYMENT_3DS_ABANDONED_AFTER_S',
      1,
    ),
  };
}

/**
 * The outbox viewer is mounted outside production, and not behind a trusted proxy (a deployed
 * shop) unless OUTBOX_VIEWER=1 asks for it; OUTBOX_VIEWER=0 turns it off anywhere.
 */
export function outboxViewerEnabled(config: ServerConfig, trustProxy: TrustProxy): boolean {
  return config.outboxViewer ?? (!config.production && trustProxy === false);
}

/** Everything the server reads from its environment, parsed and checked once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Unset: embedded PGlite under dataDir. */
  databaseUrl?: string;
  /** DATABASE_POOL_SIZE: connections to DATABASE_URL's server; unset, the driver's default. */
  databasePoolSize?: number;
  /** As written (relative to the repository root by main.ts). */
  dataDir: string;
  staticDir: string;
  /** Unset: every region in one process. */
  region?: Region;
  logLevel: string;
  production: boolean;
  security: SecurityConfig;
  trustProxy: TrustProxy;
  payment: PaymentConfig;
  paymentSweep: PaymentSweepSettings;
  addressLookup: { provider: AddressLookupProvider; rateLimit: RateLimit };
  graphql: GraphqlSettings;
  /** OUTBOX_VIEWER=1 or 0; unset, outboxViewerEnabled decides. */
  outboxViewer?: boolean;
  sessionRateLimit: RateLimit;
  /** GUEST_IDLE_SECONDS: a guest holding seats times out after this long untouched. */
  guestIdleSeconds: number;
  clientHoldFactor: number;
  /** Unset: generated on first use and kept in the database. */
  ticketSigningKey?: string;
  /** The onsale queues (issue 16): ONSALE_QUEUES, QUEUE_* variables. */
  onsaleQueues: OnsaleQueueSettings;
  /** METRICS_TOKEN (issue 25): the bearer token of GET /metrics; unset, /metrics is not served. */
  metricsToken?: string;
  /** METRICS_PORT: /metrics and /ready on a port of their own, and /metrics off the shop's. */
  metricsPort?: number;
  /** METRICS_HOST: the address METRICS_PORT listens on; HOST when unset. */
  metricsHost?: string;
  /** Issue 25: SMTP_URL and DKIM_*; unset, emails stay in the outbox. */
  smtp?: SmtpSettings;
  /** Issue 25: WALLET_*, who signs Apple Wallet passes; unset, a throwaway demo certificate. */
  wallet?: WalletCertificates;
}

/** Long enough that guessing it is hopeless; a shorter METRICS_TOKEN stops the start. */
export const METRICS_TOKEN_MIN_LENGTH = 24;

export function parseMetricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(value)) {
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters without spaces (e.g. openssl rand -hex 24)`,
    );
  }
  return value;
}

/** A variable read by `parse`, whose Error (the message tests and operators see) becomes the issue. */
function setting<T>(parse: (value: string | undefined) => T) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parse(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    });
}

/** Settings made of several variables, read from the whole environment the same way. */
function section<T>(
  env: NodeJS.ProcessEnv,
  context: z.RefinementCtx,
  parse: (env: NodeJS.ProcessEnv) => T,
) {
  try {
    return parse(env);
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
}

const orEmpty = (fallback: string) => setting((value) => value || fallback);
const orUnset = setting((value) => value || undefined);

/** Defaults are those of .env.example, so a clone without .env behaves as one with it. */
const envSchema = z
  .looseObject({
    PORT: setting((value) => parsePort(value, 8080)),
    HOST: orEmpty('127.0.0.1'),
    DATABASE_URL: orUnset,
    DATABASE_POOL_SIZE: setting((value) =>
      value ? wholeNumber(value, 0, 'DATABASE_POOL_SIZE', 1) : undefined,
    ),
    DATA_DIR: orEmpty('.data'),
    STATIC_DIR: orEmpty('dist'),
    REGION: setting(parseRegion),
    LOG_LEVEL: orEmpty('info'),
    NODE_ENV: z.string().optional(),
    OUTBOX_VIEWER: z.string().optional(),
    TRUST_PROXY: setting(parseTrustProxy),
    SESSION_RATE_LIMIT: setting(parseSessionRateLimit),
    CLIENT_HOLD_FACTOR: setting(parseClientHoldFactor),
    GUEST_IDLE_SECONDS: setting((value) =>
      wholeNumber(value, GUEST_IDLE_MINUTES * 60, 'GUEST_IDLE_SECONDS', GUEST_IDLE_MIN_SECONDS),
    ),
    TICKET_SIGNING_KEY: orUnset,
    METRICS_TOKEN: setting(parseMetricsToken),
    METRICS_PORT: setting((value) => {
      if (!value) return undefined;
      const port = Number(value);
      if (!Number.isInteger(port) || port < 0 || port > 65_535)
        throw new Error(`METRICS_PORT must be 0–65535, got "${value}"`);
      return port;
    }),
    METRICS_HOST: orUnset,
  })
  .transform((vars, context): ServerConfig => {
    const env = vars as NodeJS.ProcessEnv;
    return {
      port: vars.PORT,
      host: vars.HOST,
      databaseUrl: vars.DATABASE_URL,
      databasePoolSize: vars.DATABASE_POOL_SIZE,
      dataDir: vars.DATA_DIR,
      staticDir: vars.STATIC_DIR,
      region: vars.REGION,
      logLevel: vars.LOG_LEVEL,
      production: vars.NODE_ENV === 'production',
      security: section(env, context, securityConfigFromEnv),
      trustProxy: vars.TRUST_PROXY,
      payment: section(env, context, paymentConfigFromEnv),
      paymentSweep: section(env, context, paymentSweepFromEnv),
      addressLookup: section(env, context, (all) => ({
        provider: addressLookupProviderFromEnv(all),
        rateLimit: addressLookupRateLimitFromEnv(all),
      })),
      graphql: section(env, context, graphqlSettingsFromEnv),
      outboxViewer:
        vars.OUTBOX_VIEWER === '1' ? true : vars.OUTBOX_VIEWER === '0' ? false : undefined,
      sessionRateLimit: vars.SESSION_RATE_LIMIT,
      guestIdleSeconds: vars.GUEST_IDLE_SECONDS,
      clientHoldFactor: vars.CLIENT_HOLD_FACTOR,
      ticketSigningKey: vars.TICKET_SIGNING_KEY,
      onsaleQueues: section(env, context, onsaleQueueSettingsFromEnv),
      metricsToken: vars.METRICS_TOKEN,
      metricsPort: vars.METRICS_PORT,
      metricsHost: vars.METRICS_HOST,
      smtp: section(env, context, smtpSettingsFromEnv),
      wallet: section(env, context, walletSettingsFromEnv),
    };
  });

/**
 * The server's configuration from `env`: built once (main.ts, or buildApp when a test gives
 * none) and passed down, so no other module reads process.env. A wrong value stops the start
 * with a message naming the variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'invalid environment');
  return result.data;
}
