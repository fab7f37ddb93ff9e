import axios from 'axios';
import type { ApiErrorBody } from '@contract/api/common';
import { API_ERROR_CODES, type ApiErrorCode } from '@contract/api/errorCodes';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'cancelled';

/** The one failure shape every API call rejects with; pages map it to the spec's error pages. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status?: number,
    readonly code?: ApiErrorCode,
    /** For `seats_unavailable`: the seats someone else got first, so the page can name them. */
    readonly seatIds?: readonly string[],
    /** For `validation_failed`: the input fields the server refused (never their values). */
    readonly fields?: readonly string[],
  ) {
    super(kind === 'http' ? `HTTP ${status ?? '?'}${code ? ` ${code}` : ''}` : kind);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(API_ERROR_CODES);

function seatIdsOf(body: unknown): string[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const seatIds = (body as { seatIds?: unknown }).seatIds;
  return Array.isArray(seatIds) && seatIds.every((id) => typeof id === 'string')
    ? seatIds
    : undefined;
}

function fieldsOf(body: unknown): string[] | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = (body as Partial<ApiErrorBody>).fields;
  return Array.isArray(fields) && fields.every((field) => typeof field === 'string')
    ? fields
    : undefined;
}

function codeOf(body: unknown): ApiErrorCode | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const code = (body as Partial<ApiErrorBody>).code;
  return typeof code === 'string' && KNOWN_CODES.has(code) ? code : undefined;
}

/** Turns whatever axios rejected with into an ApiError; never looks at request data (no PII). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError('cancelled');
  if (axios.isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new ApiError('timeout');
    if (error.code === 'ERR_CANCELED') return new ApiError('cancelled');
    if (error.response)
      return new ApiError(
        'http',
        error.response.status,
        codeOf(error.response.data),
        seatIdsOf(error.response.data),
        fieldsOf(error.response.data),
      );
    return new ApiError('network');
  }
  return new ApiError('network');
}

/** What a page shows for a failed read: the spec's not-found, server-error or unknown-error page. */
export type LoadErrorCode = 'not_found' | 'server' | 'network' | 'timeout' | 'unknown';

export function toLoadErrorCode(error: unknown): LoadErrorCode {
  const apiError = toApiError(error);
  if (apiError.kind === 'network') return 'network';
  if (apiError.kind === 'timeout') return 'timeout';
  if (apiError.kind === 'http') {
    if (apiError.status === 404 || apiError.code === 'not_found') return 'not_found';
    if ((apiError.status ?? 0) >= 500) return 'server';
  }
  return 'unknown';
}
