import { isIP } from 'node:net';
import { REGIONS, type Region } from '../contract/regions';

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

export function securityConfigFromEnv(env: NodeJS.ProcessEnv = process.env): SecurityConfig {
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
