import type { ApiErrorCode } from '../../contract/api/common';

/**
 * An error with the status and stable code a client sees. The domain throws it; the http/ error
 * handler (server/http/errors.ts) turns it into the ApiErrorBody, so the domain needs no HTTP.
 */
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
