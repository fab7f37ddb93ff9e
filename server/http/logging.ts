import type { FastifyServerOptions } from 'fastify';
/** Anything pino can write lines to. */
export interface LogStream {
  write(line: string): void;
}

export interface LoggerSettings {
  level?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  stream?: LogStream;
}

/**
 * Pino options for the server. Requests are logged by method and path only: query strings can
 * carry e-mail addresses and promo codes, and headers carry cookies and tokens, so neither is
 * serialised, and the sensitive headers are redacted should anything log them anyway. Request
 * bodies are never logged.
 */
export function loggerOptions(
  settings: LoggerSettings | false | undefined,
): FastifyServerOptions['logger'] {
  if (settings === false) return false;
  return {
    level: settings?.level ?? 'info',
    ...(settings?.stream ? { stream: settings.stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string }) {
        return { id: request.id, method: request.method, path: request.url.split('?')[0] };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}
