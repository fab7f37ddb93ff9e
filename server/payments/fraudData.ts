import type { FastifyRequest } from 'fastify';
import type { FraudData } from './provider';

/** What the request shows the fraud checks besides the browser's own data (the pay body's). */
export type SeenByServer = Omit<FraudData, 'browser'>;

/** At most what the payment service takes for each fraud field (longer headers are cut). */
const header = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.join(', ') : (value ?? '')).slice(0, 2048);

/** The headers and address of a paying request, as every pay route sends them. */
export function seenByServer(request: FastifyRequest): SeenByServer {
  return {
    userAgent: header(request.headers['user-agent']),
    acceptHeader: header(request.headers.accept),
    ipAddress: request.ip.slice(0, 64),
  };
}
