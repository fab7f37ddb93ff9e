import {
  PAYMENT_METHOD_KINDS,
  type PaymentMethodKind,
} from '../../contract/api/paymentMethodKinds';
import { IN_FLIGHT_TIMEOUT_S } from '../http/idempotency';
import type { RateLimit } from '../http/rateLimit';

/** The payment service's settings; `paymentConfigFromEnv` reads them as .env.example documents. */
export interface PaymentConfig {
  /**
   * The payment service's base address as the browser sees it: `/services/payment` on the
   * one-process server, `<PAYMENT_ORIGIN>/services/payment` when it is hosted apart.
   */
  publicBase: string;
  /**
   * Shop origins that may call POST /tokens across origins (CORS) and that payments may return
   * to. Empty (`npm start`): same-origin only, return URLs must be paths.
   */
  shopOrigins: string[];
  /** How long the provider may take to answer before the payment counts as timed out. */
  timeoutMs: number;
  /** Card tokenisations per client address (card-testing bots try thousands of numbers). */
  tokenRateLimit: RateLimit;
  /** How long the sandbox's `timeout` test card stays silent when nobody gives up on it. */
  sandboxHangMs?: number;
  /**
   * The operator's switch (PAYMENT_METHODS): the ways to pay any venue may offer, e.g. PayPal
   * switched off during its outage. Unset: every kind.
   */
  methods?: readonly PaymentMethodKind[];
}

export const PAYMENT_SERVICE_PATH = '/services/payment';
export const DEFAULT_PROVIDER_TIMEOUT_MS = 30_000;
export const DEFAULT_TOKEN_RATE_LIMIT: RateLimit = { max: 30, windowSeconds: 600 };

/**
 * A key of a pay request stays in flight while the provider answers; past IN_FLIGHT_TIMEOUT_S
 * a retry could take the key over, so the provider's limit must end well before that.
 */
export const MAX_PROVIDER_TIMEOUT_MS = (IN_FLIGHT_TIMEOUT_S - 10) * 1000;

function origin(value: string, variable: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(url.protocol);
    return url.origin;
  } catch {
    throw new Error(`${variable} must be http(s) origins, got "${value}"`);
  }
}

function positiveInteger(value: string | undefined, fallback: number, variable: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new Error(`${variable} must be a positive whole number, got "${value}"`);
  }
  return number;
}

/** PAYMENT_METHODS: a comma list of contract/api/paymentMethodKinds.ts kinds; empty = all. */
export function parsePaymentMethods(value: string | undefined): PaymentMethodKind[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return [...PAYMENT_METHOD_KINDS];
  const unknown = entries.filter(
    (entry) => !(PAYMENT_METHOD_KINDS as readonly string[]).includes(entry),
  );
  if (unknown.length > 0) {
    throw new Error(
      `PAYMENT_METHODS must list ${PAYMENT_METHOD_KINDS.join(', ')}, got "${unknown.join(', ')}"`,
    );
  }
  return [...new Set(entries as PaymentMethodKind[])];
}

export function checkPaymentConfig(config: PaymentConfig): PaymentConfig {
  if (config.timeoutMs < 1 || config.timeoutMs > MAX_PROVIDER_TIMEOUT_MS) {
    throw new Error(
      `PAYMENT_PROVIDER_TIMEOUT_MS must be 1–${MAX_PROVIDER_TIMEOUT_MS}, got ${config.timeoutMs}`,
    );
  }
  return config;
}

export function paymentConfigFromEnv(env: NodeJS.ProcessEnv): PaymentConfig {
  const paymentOrigin = env.PAYMENT_ORIGIN ? origin(env.PAYMENT_ORIGIN, 'PAYMENT_ORIGIN') : '';
  const shopOrigins = (env.SHOP_ORIGIN ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => origin(value, 'SHOP_ORIGIN'));
  return checkPaymentConfig({
    publicBase: `${paymentOrigin}${PAYMENT_SERVICE_PATH}`,
    shopOrigins,
    timeoutMs: positiveInteger(
      env.PAYMENT_PROVIDER_TIMEOUT_MS,
      DEFAULT_PROVIDER_TIMEOUT_MS,
      'PAYMENT_PROVIDER_TIMEOUT_MS',
    ),
    tokenRateLimit: {
      max: positiveInteger(
        env.PAYMENT_TOKEN_RATE_LIMIT,
        DEFAULT_TOKEN_RATE_LIMIT.max,
        'PAYMENT_TOKEN_RATE_LIMIT',
      ),
      windowSeconds: DEFAULT_TOKEN_RATE_LIMIT.windowSeconds,
    },
    methods: parsePaymentMethods(env.PAYMENT_METHODS),
  });
}
