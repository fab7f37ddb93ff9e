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
