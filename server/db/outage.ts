/**
 * Telling "the database cannot be reached" apart from every other database error: the first is
 * the operator's outage (answer 503 with Retry-After, log it once), the rest are the code's.
 */

/** Stands in for a driver error that means no answer could come; its message names no input. */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super('The database cannot be reached.');
    this.name = 'DatabaseUnavailableError';
  }
}

export function isDatabaseOutage(error: unknown): error is DatabaseUnavailableError {
  return (
    error instanceof DatabaseUnavailableError ||
    (error instanceof Error && error.cause instanceof DatabaseUnavailableError)
  );
}

/** Socket errors: refused, reset, unreachable, name not resolved. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * SQLSTATEs of a server going or gone: class 08 (connection exception), 57P01-57P03 (admin or
 * crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const SERVER_GONE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What pg says when it has no server error to pass on: the socket closed, the pool gave up. */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/** A short name for the failure, safe to log: a code, never a message that may carry values. */
export function connectionFailure(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return code;
  if (PG_CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))) {
    return 'connection closed';
  }
  // AggregateError: pg tried every address of the host and each refused.
  if (error instanceof AggregateError) {
    return error.errors.map(connectionFailure).find((reason) => reason !== undefined);
  }
  return undefined;
}

type Listener = (available: boolean, reason: string) => void;

/**
 * Whether the database answers, as the queries find it: listeners hear once when it stops and
 * once when a query succeeds again, however many requests fail in between.
 */
export class DatabaseAvailability {
  private down = false;
  private readonly listeners = new Set<Listener>();

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  failed(reason: string): void {
    if (this.down) return;
    this.down = true;
    for (const listener of this.listeners) listener(false, reason);
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    for (const listener of this.listeners) listener(true, 'answered');
  }

  /** Runs one database call, turning a connection failure into DatabaseUnavailableError. */
  async guard<R>(call: () => Promise<R>): Promise<R> {
    let result: R;
    try {
      result = await call();
    } catch (error) {
      const reason = connectionFailure(error);
      if (reason === undefined) throw error;
      this.failed(reason);
      throw new DatabaseUnavailableError(reason);
    }
    this.answered();
    return result;
  }
}
