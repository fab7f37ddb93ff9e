import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiErrorSchema, type ApiErrorBody, type ApiErrorCode } from '../../contract/api/common';
import type { Database } from '../db/database';
import { isDatabaseOutage } from '../db/outage';
import { ApiError } from '../lib/errors';

/** A route schema's error answers: every listed status carries the ApiErrorBody. */
export function errorReplies<S extends number>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<
    S,
    typeof apiErrorSchema
  >;
}

/** Long enough for a failover or a restart; a client retrying sooner would only add load. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own error codes mapped to ours, so a client never sees a framework message. */
const FRAMEWORK_ERRORS: Record<string, [number, ApiErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'The request body must be JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The Content-Length header is wrong.'],
};

/**
 * A key the schema does not know is named back (`body.pin`) so a client's developer sees the
 * misspelt field, but only when it is shaped like a field name: anything longer or with other
 * characters (markup, personal data, a dump) is never echoed.
 */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/**
 * The failing paths of a request part. An unknown key that is not a plain field name, and a
 * record key the schema refused, are reported as the object that holds them.
 */
export function failedPaths(entries: readonly FastifySchemaValidationError[]): string[] {
  const paths = new Set<string>();
  for (const entry of entries) {
    const segments = entry.instancePath.split('/').filter(Boolean);
    if (entry.keyword === 'invalid_key') segments.pop();
    const keys = (entry.params as { keys?: unknown }).keys;
    const named = Array.isArray(keys) ? keys.map(String).filter((key) => FIELD_NAME.test(key)) : [];
    if (named.length === 0 || named.length < (keys as unknown[]).length) {
      paths.add(segments.join('.'));
    }
    for (const key of named) paths.add([...segments, key].join('.'));
  }
  return [...paths];
}

function validationFields(error: FastifyError): string[] {
  const context = error.validationContext ?? 'request';
  return failedPaths(error.validation ?? []).map((path) => (path ? `${context}.${path}` : context));
}

export function errorBody(code: ApiErrorCode, message: string, fields?: string[]): ApiErrorBody {
  return fields && fields.length > 0 ? { code, message, fields } : { code, message };
}

/** Every error leaves as an ApiErrorBody: no stack traces, no echoed input. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply
        .status(400)
        .send(errorBody('validation_failed', 'The request is not valid.', validationFields(error)));
    }
    if (isDatabaseOutage(error)) {
      // Logged once per outage by watchDatabase, not once per request.
      return reply
        .status(503)
        .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
        .send(errorBody('service_unavailable', 'The service is unavailable. Try again shortly.'));
    }
    const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (mapped) return reply.status(mapped[0]).send(errorBody(mapped[1], mapped[2]));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send(errorBody('bad_request', 'The request could not be understood.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong on our side.'));
  });
}

/**
 * One line when the database stops answering and one when it answers again, however many
 * requests and periodic jobs fail in between (they answer 503; logging.ts drops their lines).
 */
export function watchDatabase(app: FastifyInstance, db: Database): void {
  const availability = db.availability;
  if (!availability) return;
  let since = 0;
  const stop = availability.onChange((available, reason) => {
    if (!available) {
      since = Date.now();
      app.log.error({ reason }, 'database unreachable: answering 503 until it answers again');
    } else {
      app.log.info({ downForMs: Date.now() - since }, 'database answers again');
    }
  });
  app.addHook('onClose', (_instance, done) => {
    stop();
    done();
  });
}

/** Errors Fastify's router raises before any route or hook runs; its own bodies echo the path. */
const ROUTER_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The address could not be understood.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long.'],
};

/** Fastify's `frameworkErrors` option: the router's refusals in the project's error body. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] = ROUTER_ERRORS[error.code] ?? [
    400,
    'The request could not be understood.',
  ];
  // Not returned: a reply is thenable, and Fastify expects nothing back from this option.
  void reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(errorBody('bad_request', message));
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/**
 * Node's HTTP parser refuses some requests (headers over 16 KB, malformed request lines) before
 * Fastify sees them; Fastify then writes its own body. This writes the project's instead.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'The request could not be understood.',
  ];
  const body = JSON.stringify(errorBody('bad_request', message));
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${reason}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy();
}
