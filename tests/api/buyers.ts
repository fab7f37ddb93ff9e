import type { FastifyInstance } from 'fastify';
import { sessionSchema } from '../../contract/api/session';

/** A buyer as the API tests drive one: the session cookie and its CSRF token. */
export interface Buyer {
  cookie: string;
  csrf: string;
}

let buyers = 0;
/**
 * Each buyer from an address of their own (198.18.0.0/15, set aside for tests), as buyers are:
 * the per-address limits on new sessions and on holds then meet a test's buyers as they would
 * meet real ones, not all of them together as one client.
 */
export const newBuyerAddress = () => {
  buyers += 1;
  return `198.${18 + ((buyers >> 16) & 1)}.${(buyers >> 8) & 255}.${buyers & 255}`;
};

export async function newBuyer(app: FastifyInstance): Promise<Buyer> {
  const response = await app.inject({
    method: 'POST',
    url: '/services/session/sessions',
    remoteAddress: newBuyerAddress(),
  });
  const cookie = String(response.headers['set-cookie']).split(';')[0]!;
  return { cookie, csrf: sessionSchema.parse(response.json()).csrfToken };
}

let keys = 0;
/** A key no earlier call of the run has used. */
export const newKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

export interface CallOptions {
  body?: unknown;
  /** null sends none; absent sends a fresh one on POST and PUT. */
  key?: string | null;
  /** null sends none; absent sends the buyer's on every call but GET. */
  csrf?: string | null;
  region?: string;
  headers?: Record<string, string>;
}

/** One call to a regional booking API as `buyer` (or as nobody), with the headers a write needs. */
export function callApi(
  app: FastifyInstance,
  buyer: Buyer | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (buyer) headers.cookie = buyer.cookie;
  const csrf = options.csrf === undefined ? buyer?.csrf : options.csrf;
  if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
  const key = options.key === undefined ? newKey() : options.key;
  if (key && (method === 'POST' || method === 'PUT')) headers['idempotency-key'] = key;
  return app.inject({
    method,
    url: `/api/${options.region ?? 'uk'}${url}`,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}
