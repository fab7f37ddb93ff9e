import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiErrorCode } from '../../contract/api/common';

/** An error with the status and stable code a client sees; thrown by handlers. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: string[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`);

/** Fastify's own error codes mapped to ours, so a client never sees a framework message. */
const FRAMEWORK_ERRORS: Record<string, [number, ApiErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'The request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'The request body must be JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_request', 'The JSON body is empty.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', 'The Content-Length header is wrong.'],
};

function validationFields(error: FastifyError): string[] {
  const context = error.validationContext ?? 'request';
  const fields = new Set<string>();
  for (const entry of error.validation ?? []) {
    const path = entry.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (entry.params as { keys?: unknown }).keys;
    if (Array.isArray(keys)) {
      for (const key of keys) fields.add([context, path, String(key)].filter(Boolean).join('.'));
    } else {
      fields.add([context, path].filter(Boolean).join('.'));
    }
  }
  return [...fields];
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
