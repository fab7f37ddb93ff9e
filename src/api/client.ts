import axios, { type AxiosInstance } from 'axios';
import type { Region, Service } from '@contract/regions';
import { env, type AppEnv } from '@/config/env';
import { toApiError } from './errors';

/** Long enough for a slow mobile connection, short enough that a buyer is not left waiting. */
export const REQUEST_TIMEOUT_MS = 15_000;

function createClient(baseURL: string): AxiosInstance {
  const instance = axios.create({
    baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
  });
  // Only failures are touched: callers read `response.data` themselves, so nothing is unwrapped
  // behind their back.
  instance.interceptors.response.use(undefined, (error: unknown) =>
    Promise.reject(toApiError(error)),
  );
  return instance;
}

export interface ApiClients {
  booking: Record<Region, AxiosInstance>;
  services: Record<Service, AxiosInstance>;
}

export function createClients(config: Pick<AppEnv, 'bookingApi' | 'services'>): ApiClients {
  const map = <K extends string>(bases: Record<K, string>) =>
    Object.fromEntries(
      Object.entries<string>(bases).map(([key, base]) => [key, createClient(base)]),
    ) as Record<K, AxiosInstance>;
  return { booking: map(config.bookingApi), services: map(config.services) };
}

/** One axios instance per base address, made once for the app. */
export const clients: ApiClients = createClients(env);

export function bookingApi(region: Region): AxiosInstance {
  return clients.booking[region];
}

export function serviceApi(service: Service): AxiosInstance {
  return clients.services[service];
}
