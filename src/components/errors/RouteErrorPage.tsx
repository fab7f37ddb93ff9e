import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/lazyWithTimeout';
import { ChunkLoadFailedPage, NotFoundPage, ServerErrorPage, UnknownErrorPage } from './errorPages';

/**
 * Error element of every route: the failure stays inside the page frame (header, footer and the
 * way home keep working) instead of blanking the app.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();
  // Re-running the route's loaders and lazy import is the in-app equivalent of a retry.
  const retry = () => void navigate('.', { replace: true });
  if (isChunkLoadError(error)) return <ChunkLoadFailedPage />;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status >= 500) return <ServerErrorPage onRetry={retry} />;
  }
  return <UnknownErrorPage onRetry={retry} />;
}
