/**
 * A route that cannot be shown for a reason with an HTTP meaning (404: the address names no
 * venue, show or performance the shop knows). Thrown while the route's target is resolved and
 * caught by the page's error boundary, which words it (RouteErrorPage).
 */
export class RouteStatusError extends Error {
  override readonly name = 'RouteStatusError';
  constructor(readonly status: number) {
    super(`Route answered ${status}`);
  }
}

export function isRouteStatusError(error: unknown): error is RouteStatusError {
  return error instanceof RouteStatusError;
}

export function notFound(): never {
  throw new RouteStatusError(404);
}
