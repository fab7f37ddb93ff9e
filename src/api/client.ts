import type { Region, Service } from '@contract/regions';
import { env, type AppEnv } from '@/config/env';
import { toApiError } from './errors';
import { HttpClient } from './http';

/** Long enough for a slow mobile connection, short enough that a buyer is not left waiting. */
export const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Callers read `response.data` themselves, so nothing is unwrapped behind their back; failures
 * reject with the app's ApiError (toApiError, errors.ts), as every caller expects.
 */
function createClient(baseURL: string): HttpClient {
  return new HttpClient(baseURL, {
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    failure: toApiError,
  });
}

export interface ApiClients {
  booking: Record<Region, HttpClient>;
  services: Record<Service, HttpClient>;
}

export function createClients(config: Pick<AppEnv, 'bookingApi' | 'services'>): ApiClients {
  const map = <K extends string>(bases: Record<K, string>) =>
    Object.fromEntries(
      Object.entries<string>(bases).map(([key, base]) => [key, createClient(base)]),
    ) as Record<K, HttpClient>;
  return { booking: map(config.bookingApi), services: map(config.services) };
}

/** One client per base address, made once for the app. */
export const clients: ApiClients = createClients(env);

export function bookingApi(region: Region): HttpClient {
  return clients.booking[region];
}

export function serviceApi(service: Service): HttpClient {
  return clients.services[service];
}
