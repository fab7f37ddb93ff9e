import { LogController, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { isDatabaseOutage } from '../db/outage';
import type { RefusedClients } from './rateLimit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's limit refuses these clients from memory: their requests are not logged. */
    refusedClients?: RefusedClients;
  }
}
/** Anything pino can write lines to. */
export interface LogStream {
  write(line: string): void;
}

export interface LoggerSettings {
  level?: string;
  /** Where log lines go (tests capture them); stdout by default. */
  stream?: LogStream;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: LoggedError;
  [where: string]: unknown;
}

/** Where a PostgreSQL error happened, by name: none of these carry a value. */
const DATABASE_PLACES = ['routine', 'schema', 'table', 'column', 'constraint'] as const;

/**
 * PostgreSQL's messages quote the value they refuse (`invalid input syntax for type uuid: "…"`)
 * and its details the row (`Key (email)=(…) already exists`); JSON and zod messages quote input
 * too. So the message of such an error is replaced by its code, and no error's other properties
 * (detail, where, input…) are logged but the named, value-free ones.
 */
function quotesInput(error: Error): boolean {
  const { severity, code } = error as { severity?: unknown; code?: unknown };
  const fromDatabase = typeof severity === 'string' && typeof code === 'string';
  return fromDatabase || error instanceof SyntaxError || error.name === 'ZodError';
}

export function safeError(value: unknown, depth = 0): LoggedError {
  if (!(value instanceof Error)) {
    return { type: typeof value, message: 'a non-error was thrown', stack: '' };
  }
  const error = value as Error & Record<string, unknown>;
  const type = error.constructor.name || error.name;
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = quotesInput(error)
    ? `${type}${code ? ` ${code}` : ''} (message not logged: it may quote request input)`
    : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  if (code) logged.code = code;
  if (typeof error.statusCode === 'number') logged.statusCode = error.statusCode;
  if (quotesInput(error)) {
    for (const place of DATABASE_PLACES) {
      if (typeof error[place] === 'string') logged[place] = error[place];
    }
  }
  if (error.cause !== undefined && depth < 3) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}

/**
 * Pino options for the server. Requests are logged by method and path only: query strings can
 * carry e-mail addresses and promo codes, and headers carry cookies and tokens, so neither is
 * serialised, and the sensitive headers are redacted should anything log them anyway. Request
 * bodies are never logged, nor are the parts of an error that may quote them (safeError).
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
    hooks: {
      // An outage is logged once, by watchDatabase (errors.ts); every request and job failing
      // with it meanwhile would otherwise write a line each (thousands a second under load).
      logMethod(args, method) {
        const first: unknown = args[0];
        if (
          first &&
          typeof first === 'object' &&
          isDatabaseOutage((first as { err?: unknown }).err)
        ) {
          return;
        }
        method.apply(this, args);
      },
    },
    serializers: {
      err: safeError,
      req(request: { method: string; url: string; id: string }) {
        return { id: request.id, method: request.method, path: request.url.split('?')[0] };
      },
      res(reply: { statusCode: number }) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/**
 * Fastify's request lines (incoming, completed), except for the requests of a client a route's
 * limit already refuses from memory (issue 26): a flood would otherwise write two lines a request
 * at info level, thousands a second. The refusal itself is logged once when it begins, and the
 * metrics still count every 429.
 */
export function requestLogs(): LogController {
  return new LogController({
    disableRequestLogging(request: FastifyRequest) {
      const refused = request.routeOptions?.config?.refusedClients;
      return refused !== undefined && refused.secondsLeft(request.ip) > 0;
    },
  });
}
