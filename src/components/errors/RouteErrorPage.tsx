import { useNavigate } from 'react-router';
import { isRouteStatusError } from '@/lib/routeError';
import { isChunkLoadError } from '@/lib/lazyWithTimeout';
import { ChunkLoadFailedPage, NotFoundPage, ServerErrorPage, UnknownErrorPage } from './errorPages';

/**
 * What a page that failed shows, inside the page frame (header, footer and the way home keep
 * working) instead of blanking the app.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const navigate = useNavigate();
  // A move to the same address is a new location: the page's error boundary tries it again.
  const retry = () => void navigate('.', { replace: true });
  if (isChunkLoadError(error)) return <ChunkLoadFailedPage />;
  if (isRouteStatusError(error)) {
    if (error.status === 404) return <NotFoundPage />;
    if (error.status >= 500) return <ServerErrorPage onRetry={retry} />;
  }
  return <UnknownErrorPage onRetry={retry} />;
}
